import type { Lesson } from '@wenyan/contracts';
import type { LessonsTable } from '@wenyan/store';

/** A lessons row as the contract's Lesson. */
export function toLesson(row: LessonsTable): Lesson {
  return {
    id: row.id,
    title: row.title,
    author: row.author,
    era: row.era,
    description: row.description,
    content: row.content,
    category: row.category,
    difficulty: row.difficulty as Lesson['difficulty'],
    characterCount: row.character_count,
  };
}
