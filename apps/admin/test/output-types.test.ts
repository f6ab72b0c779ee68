import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const adminDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(adminDir, '../..');

/** apps/admin's own compiler settings and files, read from its tsconfig.json as `tsc` reads them. */
function adminProject(): ts.ParsedCommandLine {
  const configPath = join(adminDir, 'tsconfig.json');
  const { config, error } = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path)) as {
    config: unknown;
    error?: ts.Diagnostic;
  };
  if (error) {
    throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  }

  return ts.parseJsonConfigFileContent(config, ts.sys, adminDir, undefined, configPath);
}

/**
 * The type errors of some dashboard files, with `edit` applied in memory to one file of the
 * repository first (nothing is written to disk).
 */
function dashboardErrors(
  pagePaths: readonly string[],
  edit?: { file: string; from: string; to: string },
): string[] {
  const project = adminProject();
  const host = ts.createCompilerHost(project.options);
  const editedPath = edit ? join(repoRoot, edit.file) : null;
  if (edit && editedPath) {
    const original = readFileSync(editedPath, 'utf8');
    // The edit must hit exactly one place, or the case would test nothing.
    expect(original.split(edit.from)).toHaveLength(2);
    const edited = original.replace(edit.from, edit.to);
    const readFile = host.readFile.bind(host);
    host.readFile = (fileName) => (resolve(fileName) === editedPath ? edited : readFile(fileName));
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, languageVersion, ...rest) =>
      resolve(fileName) === editedPath
        ? ts.createSourceFile(fileName, edited, languageVersion)
        : getSourceFile(fileName, languageVersion, ...rest);
  }
  const program = ts.createProgram({ rootNames: project.fileNames, options: project.options, host });
  if (editedPath) {
    // The edited file must be what the dashboard's types really come from.
    expect(program.getSourceFile(editedPath), `${editedPath} is not in the program`).toBeDefined();
  }

  return pagePaths.flatMap((pagePath) => {
    const page = program.getSourceFile(join(adminDir, pagePath));
    if (!page) {
      throw new Error(`${pagePath} is not part of apps/admin's program`);
    }

    return program
      .getSemanticDiagnostics(page)
      .map((diagnostic) => `${pagePath}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
  });
}

/**
 * The dashboard is typed by the router's procedures (through `AppRouter`), whose outputs come from
 * the core's schemas: changing an output must break the page that reads it at typecheck time,
 * not in a user's browser. Each case edits one output schema in memory and typechecks one page.
 */
const CASES = [
  {
    name: "mail.list's createdAt turns from an ISO string into a number",
    page: 'src/mail/mail-list-page.tsx',
    edit: {
      file: 'packages/core/src/email/email-view.ts',
      from: '  createdAt: z.string(),',
      to: '  createdAt: z.number(),',
    },
    expected: /number.*not assignable to.*string/s,
  },
  {
    name: "forms.get's submissionCount is renamed",
    page: 'src/pages/form-detail.tsx',
    edit: {
      file: 'packages/core/src/forms/form-view.ts',
      from: '  submissionCount: z.number(),',
      to: '  submissionTotal: z.number(),',
    },
    expected: /Property 'submissionCount' does not exist/,
  },
] as const;

// Type checking the dashboard with its router takes a while on a busy machine; no tight limit.
describe('a changed procedure output breaks the dashboard typecheck', { timeout: 600_000 }, () => {
  test('the pages of the cases typecheck as they are (so the errors below come from the edits)', () => {
    expect(dashboardErrors(CASES.map((testCase) => testCase.page))).toEqual([]);
  });

  test.each(CASES)('$name', ({ page, edit, expected }) => {
    expect(dashboardErrors([page], edit).join('\n')).toMatch(expected);
  });
});
