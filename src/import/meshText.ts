/**
 * The one tokenizer of navlab's text mesh formats (OBJ, ASCII STL). It reads the file's bytes
 * (no decode of the whole text: a 256 MB file stays 256 MB) and is the only code that decides
 * what a token, a line, a number or an integer is, so the pass that counts a file before
 * anything is allocated and the pass that fills the arrays see exactly the same elements.
 *
 * Whitespace is space, tab and CR; LF ends a line. A UTF-8 byte-order mark at the start is
 * skipped. In line mode (OBJ) a backslash right before the line end continues the line.
 *
 * Numbers follow a strict decimal grammar: [+-]? (d+ (. d*)? | . d+) ([eE] [+-]? d+)?
 * (no hex, no Infinity or NaN, no separators). Integers: [+-]? d+.
 */

const SPACE = 32,
  TAB = 9,
  CR = 13,
  LF = 10,
  BACKSLASH = 92;
const PLUS = 43,
  MINUS = 45,
  DOT = 46,
  ZERO = 48;

/** 10^k for k = 0..22: every one is an exact double (the fast path of decimal conversion). */
const POW10 = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));

/** Magnitude at which integer tokens stop accumulating (they are out of any index range by then). */
const INT_CAP = 2 ** 53;

/**
 * Non-finite values as writers print them ('nan', '-inf', 'Infinity', and the old Windows C
 * runtime's '1.#QNAN0', '-1.#IND00', '1.#INF00'), for messages and ignored STL normals.
 */
const NON_FINITE_WORD = /^[+-]?(nan|inf|infinity|\d\.#(qnan|snan|ind|inf)\d*)$/i;

const latin1 = new TextDecoder('latin1');

/**
 * A cursor over the tokens of a text file held as bytes. `start`/`end` delimit the current
 * token, `tokenLine` is its 1-based line. Reading creates no objects.
 */
export class ByteTokens {
  readonly bytes: Uint8Array;
  /** The next byte to read. */
  pos: number;
  /** The 1-based line of `pos`. */
  line = 1;
  /** The current token: bytes [start, end), on line `tokenLine`. */
  start = 0;
  end = 0;
  tokenLine = 1;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    this.pos = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  }

  /** True when the cursor is at the end of the file. */
  atEnd(): boolean {
    return this.pos >= this.bytes.length;
  }

  /**
   * The next token of the current line (line mode): false at the line end, where the cursor
   * stays. A backslash followed by the line end (LF or CR LF) continues the line.
   */
  nextInLine(): boolean {
    const b = this.bytes,
      n = b.length;
    let i = this.pos;
    for (;;) {
      while (i < n && (b[i] === SPACE || b[i] === TAB || b[i] === CR)) i++;
      if (i < n && b[i] === BACKSLASH) {
        let j = i + 1;
        if (j < n && b[j] === CR) j++;
        if (j < n && b[j] === LF) {
          i = j + 1;
          this.line++;
          continue;
        }
      }
      break;
    }
    this.pos = i;
    if (i >= n || b[i] === LF) return false;
    this.start = i;
    this.tokenLine = this.line;
    while (i < n && !isBreak(b[i])) i++;
    this.end = this.pos = i;
    return true;
  }

  /**
   * Skips the rest of the current line and its LF (and, with `continued`, the lines a
   * backslash continues it onto); false at the end of the file.
   */
  skipLine(continued = true): boolean {
    const b = this.bytes,
      n = b.length;
    for (;;) {
      let lf = this.pos;
      while (lf < n && b[lf] !== LF) lf++;
      if (lf >= n) {
        this.pos = n;
        return false;
      }
      this.pos = lf + 1;
      this.line++;
      let k = lf - 1;
      if (k >= 0 && b[k] === CR) k--;
      if (!continued || !(k >= 0 && b[k] === BACKSLASH)) return this.pos < b.length;
    }
  }

  /** The next token anywhere (free mode: line ends are whitespace); false at the end of the file. */
  next(): boolean {
    const b = this.bytes,
      n = b.length;
    let i = this.pos;
    for (; i < n; i++) {
      const c = b[i];
      if (c === LF) this.line++;
      else if (c !== SPACE && c !== TAB && c !== CR) break;
    }
    if (i >= n) {
      this.pos = n;
      return false;
    }
    this.start = i;
    this.tokenLine = this.line;
    while (i < n && !isBreak(b[i])) i++;
    this.end = this.pos = i;
    return true;
  }

  /** True when the current token is `word` (ASCII, exact case). */
  is(word: string): boolean {
    const len = this.end - this.start;
    if (len !== word.length) return false;
    for (let k = 0; k < len; k++) if (this.bytes[this.start + k] !== word.charCodeAt(k)) return false;
    return true;
  }

  /** The current token as a number by the strict grammar, or NaN when it is not one (overflow gives ±Infinity). */
  number(): number {
    return decimal(this.bytes, this.start, this.end);
  }

  /**
   * The integer in bytes [start, end) (a part of the current token, e.g. before a '/'), or NaN
   * when it is not `[+-]? d+`. Magnitudes past 2^53 come back as ±2^53.
   */
  integer(start: number, end: number): number {
    const b = this.bytes;
    let i = start,
      sign = 1;
    if (i < end && (b[i] === PLUS || b[i] === MINUS)) sign = b[i++] === MINUS ? -1 : 1;
    if (i >= end) return NaN;
    let v = 0;
    for (; i < end; i++) {
      const d = b[i] - ZERO;
      if (d < 0 || d > 9) return NaN;
      if (v < INT_CAP) v = Math.min(INT_CAP, v * 10 + d);
    }
    return sign * v;
  }

  /** True when the current token is a non-finite value as writers print them (see NON_FINITE_WORD). */
  isNonFiniteWord(): boolean {
    return this.end - this.start <= 16 && NON_FINITE_WORD.test(this.text());
  }

  /** Bytes [start, end) (default: the current token) as printable text for a message: other bytes as \xNN, at most 40 characters. */
  text(start: number = this.start, end: number = this.end): string {
    let s = '';
    for (let i = start; i < Math.min(end, start + 40); i++) {
      const c = this.bytes[i];
      s += c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : `\\x${c.toString(16).padStart(2, '0')}`;
    }
    return end - start > 40 ? `${s}...` : s;
  }
}

/** Whitespace or a line end: what ends a token. */
function isBreak(c: number): boolean {
  return c === SPACE || c === TAB || c === CR || c === LF;
}

/**
 * The decimal number in bytes [start, end) by the strict grammar above, or NaN. Up to 15
 * significant digits with a decimal exponent within ±22, the value is one exact division or
 * multiplication of exact doubles (correctly rounded, Clinger's fast path); anything longer
 * goes through Number() on the token, which the grammar check has made safe.
 */
export function decimal(b: Uint8Array, start: number, end: number): number {
  let i = start;
  let negative = false;
  if (i < end && (b[i] === PLUS || b[i] === MINUS)) negative = b[i++] === MINUS;
  let mantissa = 0,
    digits = 0,
    exponent = 0,
    seen = false,
    exact = true;
  for (; i < end; i++) {
    const d = b[i] - ZERO;
    if (d < 0 || d > 9) break;
    seen = true;
    if (mantissa === 0 && d === 0) continue;
    if (digits < 15) {
      mantissa = mantissa * 10 + d;
      digits++;
    } else {
      exponent++;
      exact = false;
    }
  }
  if (i < end && b[i] === DOT) {
    for (i++; i < end; i++) {
      const d = b[i] - ZERO;
      if (d < 0 || d > 9) break;
      seen = true;
      if (mantissa === 0 && d === 0) {
        exponent--;
        continue;
      }
      if (digits < 15) {
        mantissa = mantissa * 10 + d;
        digits++;
        exponent--;
      } else if (d !== 0) exact = false;
    }
  }
  if (!seen) return NaN;
  if (i < end && (b[i] === 101 || b[i] === 69)) {
    i++;
    let sign = 1;
    if (i < end && (b[i] === PLUS || b[i] === MINUS)) sign = b[i++] === MINUS ? -1 : 1;
    if (i >= end) return NaN;
    let e = 0;
    for (; i < end; i++) {
      const d = b[i] - ZERO;
      if (d < 0 || d > 9) return NaN;
      if (e < 1e6) e = e * 10 + d;
    }
    exponent += sign * e;
  }
  if (i !== end) return NaN;
  if (mantissa === 0) return negative ? -0 : 0;
  if (exact && exponent >= -22 && exponent <= 22) {
    const v = exponent >= 0 ? mantissa * POW10[exponent] : mantissa / POW10[-exponent];
    return negative ? -v : v;
  }
  return Number(latin1.decode(b.subarray(start, end)));
}
