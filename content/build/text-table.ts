/** A plain-text table for the command line: columns padded to their widest cell, a rule under the header. */
export function textTable(header: readonly string[], body: ReadonlyArray<readonly string[]>): string[] {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => cells[column]?.length ?? 0)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)];
}
