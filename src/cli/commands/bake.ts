export async function bakeCommand(_argv: string[]): Promise<number> {
  return 2;
}
