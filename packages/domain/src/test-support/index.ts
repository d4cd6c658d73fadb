/**
 * Fixtures for tests and benchmarks (`@wenyan/domain/test-support`): never imported by the apps' code,
 * and not part of the package's main entry.
 */
export * from './answers.ts';
export * from './learner.ts';
export * from './nodes.ts';
