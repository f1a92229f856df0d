/** A problem with a mesh file; its message is the problem alone (the caller adds the file name). */
export class FormatProblem extends Error {}
