/**
 * Tests wait on conditions, not on time (issue 44): no test file sleeps longer than 100 ms, except
 * the tests of time itself listed below. A sleep is `page.waitForTimeout(ms)`, a promise resolved
 * by `setTimeout(resolve, ms)`, node:timers/promises' `setTimeout(ms)` under any name, or a call
 * of a helper in the same file that does one of these with its parameter. The duration is read as
 * the compiler sees it: a number, a constant of the file, sums and products of those; a duration
 * this check cannot read counts as too long.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const LIMIT_MS = 100;
/** Folders whose `*.test.ts(x)` files are checked, and the test helpers beside them. */
const FOLDERS = ['tests', 'src', 'scripts', 'bench'];

/**
 * Tests of time itself, by file, with what their longer or computed sleeps stand for. Nothing
 * else may sleep longer than LIMIT_MS.
 */
const TESTS_OF_TIME: Readonly<Record<string, string>> = {
  'src/middleware/guest-cache.test.ts':
    'a fake upstream that answers late: the latency the cache is tested against',
  'src/lib/http/circuit.test.ts':
    'a circuit that opens for 100 ms: the open time is what is tested',
  'src/middleware/compress.test.ts':
    'a page whose rest arrives later: that the shell goes out before it is what is tested',
};

const testFiles = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap(
    (entry) => {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory())
        return entry.name === 'node_modules' ? [] : testFiles(rel);
      return /\.(test\.tsx?|ts)$/.test(entry.name) &&
        (entry.name.includes('.test.') || dir.startsWith('tests'))
        ? [rel]
        : [];
    },
  );

type Sleep = { line: number; ms: number | undefined; text: string };

/** The fixed sleeps in one file's source, with their durations where they can be read. */
const fixedSleeps = (source: string, fileName = 'x.ts'): Sleep[] => {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
  );
  const constants = new Map<string, ts.Expression>();
  /** Names bound to node:timers/promises' setTimeout. */
  const timerSleeps = new Set<string>();
  /** Helpers that sleep for one of their parameters: name → parameter index and default. */
  const helpers = new Map<
    string,
    { index: number; initializer: ts.Expression | undefined }
  >();
  const found: Sleep[] = [];

  const collect = (node: ts.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.getCombinedNodeFlags(node) & ts.NodeFlags.Const
    )
      constants.set(node.name.text, node.initializer);
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      /^(node:)?timers\/promises$/.test(node.moduleSpecifier.text)
    ) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings))
        for (const el of bindings.elements)
          if ((el.propertyName ?? el.name).text === 'setTimeout')
            timerSleeps.add(el.name.text);
    }
    ts.forEachChild(node, collect);
  };
  collect(file);

  const value = (expr: ts.Expression, depth = 0): number | undefined => {
    if (depth > 8) return undefined;
    if (ts.isNumericLiteral(expr)) return Number(expr.text.replaceAll('_', ''));
    if (ts.isParenthesizedExpression(expr))
      return value(expr.expression, depth + 1);
    if (ts.isIdentifier(expr)) {
      const init = constants.get(expr.text);
      return init ? value(init, depth + 1) : undefined;
    }
    if (ts.isBinaryExpression(expr)) {
      const a = value(expr.left, depth + 1);
      const b = value(expr.right, depth + 1);
      if (a === undefined || b === undefined) return undefined;
      switch (expr.operatorToken.kind) {
        case ts.SyntaxKind.PlusToken:
          return a + b;
        case ts.SyntaxKind.MinusToken:
          return a - b;
        case ts.SyntaxKind.AsteriskToken:
          return a * b;
        case ts.SyntaxKind.SlashToken:
          return a / b;
        default:
          return undefined;
      }
    }
    return undefined;
  };

  /** The resolver names of the `new Promise((resolve) => …)` executors around a node. */
  const resolvers = (node: ts.Node): Set<string> => {
    const names = new Set<string>();
    for (let n: ts.Node | undefined = node; n; n = n.parent) {
      if (
        (ts.isArrowFunction(n) || ts.isFunctionExpression(n)) &&
        ts.isNewExpression(n.parent) &&
        ts.isIdentifier(n.parent.expression) &&
        n.parent.expression.text === 'Promise'
      ) {
        const first = n.parameters[0];
        if (first && ts.isIdentifier(first.name)) names.add(first.name.text);
      }
    }
    return names;
  };

  /** The sleep's duration expression, when `call` is one. */
  const duration = (call: ts.CallExpression): ts.Expression | 'none' | null => {
    const callee = call.expression;
    const name = ts.isIdentifier(callee)
      ? callee.text
      : ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : '';
    if (name === 'waitForTimeout') return call.arguments[0] ?? 'none';
    if (ts.isIdentifier(callee) && timerSleeps.has(name))
      return call.arguments[0] ?? 'none';
    if (name === 'setTimeout') {
      const [fn, ms] = call.arguments;
      if (fn && ts.isIdentifier(fn) && resolvers(call).has(fn.text))
        return ms ?? 'none';
    }
    return null;
  };

  /** The enclosing function of a sleep whose duration is one of its parameters, as a helper. */
  const helperOf = (node: ts.Node, ms: ts.Expression): boolean => {
    if (!ts.isIdentifier(ms)) return false;
    for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
      if (
        (ts.isArrowFunction(n) || ts.isFunctionExpression(n)) &&
        ts.isVariableDeclaration(n.parent) &&
        ts.isIdentifier(n.parent.name)
      ) {
        const index = n.parameters.findIndex(
          (p) => ts.isIdentifier(p.name) && p.name.text === ms.text,
        );
        if (index < 0) continue;
        helpers.set(n.parent.name.text, {
          index,
          initializer: n.parameters[index]?.initializer,
        });
        return true;
      }
      if (ts.isFunctionDeclaration(n) && n.name) {
        const index = n.parameters.findIndex(
          (p) => ts.isIdentifier(p.name) && p.name.text === ms.text,
        );
        if (index < 0) continue;
        helpers.set(n.name.text, {
          index,
          initializer: n.parameters[index]?.initializer,
        });
        return true;
      }
    }
    return false;
  };

  const record = (node: ts.Node, ms: number | undefined) =>
    found.push({
      line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      ms,
      text: node.getText().replace(/\s+/g, ' ').slice(0, 80),
    });

  const visitSleeps = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const ms = duration(node);
      if (ms === 'none') record(node, 0);
      else if (ms && !helperOf(node, ms)) record(node, value(ms));
    }
    ts.forEachChild(node, visitSleeps);
  };
  visitSleeps(file);

  const visitHelperCalls = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const helper = helpers.get(node.expression.text);
      if (helper) {
        const arg = node.arguments[helper.index] ?? helper.initializer;
        record(node, arg ? value(arg) : 0);
      }
    }
    ts.forEachChild(node, visitHelperCalls);
  };
  visitHelperCalls(file);
  return found;
};

const tooLong = (sleep: Sleep) => sleep.ms === undefined || sleep.ms > LIMIT_MS;

describe('fixed sleeps in tests', () => {
  it(`none longer than ${LIMIT_MS} ms outside the tests of time itself`, () => {
    const files = FOLDERS.flatMap(testFiles);
    expect(files.length).toBeGreaterThan(100);
    const offences = files
      .filter((f) => !(f in TESTS_OF_TIME))
      .flatMap((f) =>
        fixedSleeps(readFileSync(path.join(ROOT, f), 'utf8'), f)
          .filter(tooLong)
          .map((s) => `${f}:${s.line} ${s.text} (${s.ms ?? 'unknown'} ms)`),
      );
    expect(offences).toEqual([]);
  });

  it('every file on the list of tests of time exists and still sleeps', () => {
    for (const f of Object.keys(TESTS_OF_TIME))
      expect(
        fixedSleeps(readFileSync(path.join(ROOT, f), 'utf8'), f).some(tooLong),
        f,
      ).toBe(true);
  });

  it('finds each kind of sleep and reads its duration', () => {
    const source = `
      import { setTimeout as wait } from 'node:timers/promises';
      const POLL_MS = 2000;
      const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));
      await page.waitForTimeout(POLL_MS + 500);
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      await wait(150);
      await tick();
      await tick(300);
      await new Promise((r) => setTimeout(r, options.delayMs));
      const timer = setTimeout(() => child.kill(), 60_000);
      await page.waitForTimeout(50);
    `;
    expect(fixedSleeps(source).map((s) => s.ms)).toEqual([
      2500,
      5500,
      150,
      undefined,
      50,
      0,
      300,
    ]);
    expect(fixedSleeps(source).filter(tooLong)).toHaveLength(5);
  });
});
