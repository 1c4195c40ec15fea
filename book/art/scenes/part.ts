// Named parts of a scene: an element the story's words point at (the table on 1-2, the poster on
// 15-16) is wrapped in a group marked data-part="<name>", so book/story/claims*.ts can list what
// the words say next to the part that shows it, and tests/book/claims.test.ts can find it.

/** Wraps a drawing in a group marked as the named part (no transform, no style: draws the same). */
export function part(name: string, svg: string): string {
  return `<g data-part="${name}">${svg}</g>`;
}
