import { gradeAnswer } from '@wenyan/domain';
import { goldItems } from './metrics.ts';
const [id, answer] = process.argv.slice(2);
const g = gradeAnswer(goldItems().get(id!)!, answer!);
console.log(JSON.stringify({ e: g.marking?.earned, u: g.marking?.uncertain, notes: g.marking?.notes.map((n) => n.code + (n.pointId ?? '')), pts: g.marking?.points.map((p) => `${p.id}:${p.earned ? p.matched : '-'}`) }));
