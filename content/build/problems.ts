/** Something wrong with the course sources: errors stop the build, warnings are only reported. */
export interface Problem {
  severity: 'error' | 'warning';
  file: string;
  line: number;
  message: string;
}

export function formatProblem(problem: Problem): string {
  return `${problem.file}:${problem.line}: ${problem.severity === 'warning' ? 'warning: ' : ''}${problem.message}`;
}

export function hasErrors(problems: readonly Problem[]): boolean {
  return problems.some((problem) => problem.severity === 'error');
}

/** Collects problems located in source files. */
export class ProblemList {
  readonly items: Problem[] = [];

  add(problem: Problem): void {
    this.items.push(problem);
  }

  error(
    source: { name: string; lineOf(path: readonly (string | number)[]): number },
    path: readonly (string | number)[],
    message: string,
  ): void {
    this.items.push({ severity: 'error', file: source.name, line: source.lineOf(path), message });
  }

  warning(
    source: { name: string; lineOf(path: readonly (string | number)[]): number },
    path: readonly (string | number)[],
    message: string,
  ): void {
    this.items.push({ severity: 'warning', file: source.name, line: source.lineOf(path), message });
  }
}
