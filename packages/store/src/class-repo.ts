/** Classes and memberships (filled in by the teacher issue). */
export {};
