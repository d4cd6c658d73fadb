import { gradeAnswer } from '@wenyan/domain';
import { goldItems, loadGold, type GoldPart } from './metrics.ts';
const parts = (process.argv[2] ?? 'tuning,dev,dev2').split(',') as GoldPart[];
for (const part of parts) {
  if (part === 'holdout') continue;
  for (const e of loadGold(part) ?? []) {
    const item = goldItems().get(e.itemId)!;
    const g = gradeAnswer(item, e.answer);
    const m = g.marking!;
    const full = g.isCorrect && !m.uncertain;
    if (full === e.full) continue;
    const missed = m.points.filter((p) => !p.earned).map((p) => `${p.id}(${p.expected})`).join(' ');
    console.log(`[${part}] ${e.itemId} ${e.class} ${m.earned}/${m.available}${m.uncertain ? ' U' : ''} notes=${m.notes.map((n) => n.code + (n.pointId ?? '')).join(',')} miss=${missed}\n   ${e.answer}\n   M: ${(item as any).correctAnswer}`);
  }
}
