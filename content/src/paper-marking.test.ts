/**
 * The mock papers' schemes against answers a student writes: good ones in their own words are
 * right, flawed ones (a trap reading, a dropped negation, a modern misreading, the source pasted
 * back, the misreading an explanation warns against) are not.
 */
import { foldText, gradeAnswer } from '@wenyan/domain';
import { describe, expect, it } from 'vitest';
import { dsePapers } from './index.ts';

const byId = new Map(dsePapers.flatMap((p) => p.questions).map((q) => [q.id, q]));
/** [item, answer, right?] */
const answers: [string, string, boolean][] = [
  ['d2018-08', '親近賢臣，遠離小人，這是西漢興盛的原因。', true],
  ['d2018-08', '親近賢良的大臣，疏遠奸佞的小人，這就是西漢之所以興隆昌盛的原因。', true],
  ['d2018-08', '親近賢臣，遠離小人，所以先漢興隆。', false],
  ['d2018-08', '親近賢臣，疏遠小人，這是西漢所以興盛的原因。', true],
  ['d2018-08', '親近賢能的臣子，疏遠小人，這是先前漢朝興盛的原因。', false],
  ['d2019-09', '因此學生不一定不如老師，老師不一定比學生賢能。', true],
  ['d2019-09', '所以弟子未必不及老師，老師也未必勝過弟子。', false],
  ['d2019-09', '所以學生不需要不如老師，老師不需要比學生賢能。', false],
  ['d2020-08', '不因外物而高興，不因自己的遭遇而悲傷。', true],
  ['d2020-08', '不會因為環境好而快樂，也不會因為個人失意而傷心。', true],
  ['d2020-08', '因為外物而歡喜，因為自己而悲傷。', false],
  ['d2021-08', '我這樣做的原因，是因為以國家的危難為先，以私人恩怨為後。', false],
  ['d2021-08', '我之所以這樣做，是因為把國家的急難放在前面，把個人恩怨放在後面。', true],
  ['d2022-08', '因此不累積半步，就無法走到千里之外。', true],
  ['d2022-08', '所以不積累小步，便不能到達千里。', true],
  ['d2022-08', '所以積累半步，就可以到達千里。', false],
  ['d2023-08', '君子離開了仁，怎樣成就名聲呢？', true],
  ['d2023-08', '君子如果離棄仁德，憑甚麼成就君子的名聲？', true],
  ['d2023-08', '君子去到仁德那裏，怎麼成名？', false],
  ['d2019-03', '及', true],
  ['d2021-03', '一頓飯的功夫', true],
  ['d2022-02', '好與壞', true],
  ['d2018-04', '孟子認為每個人都有這種本心，只是賢者能夠不喪失它，一般人卻因為利益而失去。', true],
  ['d2018-04', '賢者有本心，一般人沒有。', false],
  ['d2019-05', '詩人舉杯邀請明月，加上自己的影子，便成了三人，反映他孤獨寂寞，只好自我安慰。', true],
  ['d2021-05', '詞人感到人生如夢，功業未成，但以曠達的態度排解。', true],
  ['d2021-05', '詞人感到人生如夢，功業未成，態度消極頹廢。', false],
  ['d2020-03', '吐蕃的皇帝', false],
  ['d2020-03', '北方的極地', false],
  ['d2022-03', '漢朝', false],
  ['d2023-03', '準備好了', false],
  ['d2021-02', '推辭拒絕', false],
  ['d2018-02', '令人羞恥', false],
];
describe("the papers' marking schemes", () => {
  it.each(answers)('%s: 「%s」 is right: %s', (id, answer, right) => {
    const question = byId.get(id);
    expect(question?.marking).toBeTruthy();
    expect(gradeAnswer(question ?? { type: 'x', correctAnswer: '' }, answer).isCorrect).toBe(right);
  });
});

describe("the papers' fill-in accept lists", () => {
  it('hold no word that a wrong answer above contains (皇帝 would let 吐蕃的皇帝 render 北極)', () => {
    const wrong = answers.filter(([id, , right]) => !right && byId.get(id)?.type === 'fill_in_blank');
    const found = wrong.flatMap(([id, answer]) =>
      (byId.get(id)?.marking?.points ?? []).flatMap((point) =>
        point.accept
          .filter((entry) => foldText(answer).includes(foldText(entry)))
          .map((entry) => `${id}: ${entry} in ${answer}`),
      ),
    );
    expect(wrong.length).toBeGreaterThanOrEqual(5);
    expect(found).toEqual([]);
  });
});
