/**
 * The store keeps two domain shapes as JSON: the decider's state (the snapshot beside each stream's
 * head) and the learner view (each learner's projection). Each carries a version stored with it, and
 * data of another version is refolded from the log. This test reads the two types with the TypeScript
 * compiler, reduces each to a canonical description of its shape, and checks the shape's digest
 * against the one recorded for the current version beside the version itself
 * (`LEARNER_STATE_SHAPES`, `LEARNER_VIEW_SHAPES`). A shape changed without a new version fails here.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  LEARNER_STATE_SHAPES,
  LEARNER_STATE_VERSION,
  LEARNER_VIEW_SHAPES,
  LEARNER_VIEW_VERSION,
} from '@wenyan/domain';
import ts from 'typescript6';
import { describe, expect, it } from 'vitest';

const DOMAIN = (file: string) => fileURLToPath(new URL(`../../domain/src/${file}`, import.meta.url));
const STATE_FILE = DOMAIN('learner/events.ts');
const VIEW_FILE = DOMAIN('projections/learner-view.ts');

const program = ts.createProgram([STATE_FILE, VIEW_FILE], {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ESNext,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  allowImportingTsExtensions: true,
});
const checker = program.getTypeChecker();

/** A canonical description of a type's shape: property names, optionality and the shapes of values. */
function describeShape(type: ts.Type, depth = 0): string {
  if (depth > 12) return checker.typeToString(type);
  if (type.isUnion()) {
    return type.types
      .map((t) => describeShape(t, depth + 1))
      .sort()
      .join(' | ');
  }
  if (checker.isArrayType(type) || checker.isTupleType(type)) {
    const args = checker.getTypeArguments(type as ts.TypeReference);
    return `${checker.isTupleType(type) ? 'tuple' : 'array'}<${args.map((a) => describeShape(a, depth + 1)).join(', ')}>`;
  }
  if (type.flags & ts.TypeFlags.Object) {
    const props = checker
      .getPropertiesOfType(type)
      .map((p) => {
        const optional = p.flags & ts.SymbolFlags.Optional ? '?' : '';
        return `${p.name}${optional}: ${describeShape(checker.getTypeOfSymbol(p), depth + 1)}`;
      })
      .sort();
    const index = checker
      .getIndexInfosOfType(type)
      .map((i) => `[${checker.typeToString(i.keyType)}]: ${describeShape(i.type, depth + 1)}`);
    return `{ ${[...index, ...props].join('; ')} }`;
  }
  return checker.typeToString(type);
}

/** The shape of the named type alias declared in a file. */
function shapeOfAlias(file: string, name: string): string {
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`cannot read ${file}`);
  const alias = source.statements.find(
    (s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === name,
  );
  if (!alias) throw new Error(`no type ${name} in ${file}`);
  return describeShape(checker.getTypeAtLocation(alias.name));
}

const digest = (shape: string) => createHash('sha256').update(shape).digest('hex').slice(0, 16);

describe.each([
  {
    name: 'LearnerState',
    file: STATE_FILE,
    version: LEARNER_STATE_VERSION,
    shapes: LEARNER_STATE_SHAPES,
    versionName: 'LEARNER_STATE_VERSION',
  },
  {
    name: 'LearnerView',
    file: VIEW_FILE,
    version: LEARNER_VIEW_VERSION,
    shapes: LEARNER_VIEW_SHAPES,
    versionName: 'LEARNER_VIEW_VERSION',
  },
])('the stored shape of $name', ({ name, file, version, shapes, versionName }) => {
  const shape = shapeOfAlias(file, name);

  it('reads the type down to its leaves', () => {
    expect(shape).not.toContain('any');
    expect(shape.length).toBeGreaterThan(100);
  });

  it('is the shape recorded for its current version', () => {
    const recorded = (shapes as Record<number, string>)[version];
    expect(
      recorded,
      `${name}'s shape is now ${digest(shape)}:\n${shape}\n` +
        `If it changed, bump ${versionName} and record the digest for the new version; stored data of ` +
        'the old version is then refolded from the log.',
    ).toBe(digest(shape));
  });

  it('records a digest for every version up to the current one', () => {
    const versions = Object.keys(shapes).map(Number);
    expect(Math.max(...versions)).toBe(version);
  });
});

describe('the shape description', () => {
  it('descends into nested records, arrays and unions', () => {
    const state = shapeOfAlias(STATE_FILE, 'LearnerState');
    expect(state).toContain('nodeTypes: array<string>');
    expect(state).toContain('errorBook: { [string]: "active" | "mastered" }');
    expect(shapeOfAlias(VIEW_FILE, 'LearnerView')).toContain('completedAt: null | string');
  });
});
