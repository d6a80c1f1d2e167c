/**
 * Colour for terminal output, only where a reader sees it: a terminal, not a CI log, and not when the user
 * asked for none (NO_COLOR, https://no-color.org: set and not empty). FORCE_COLOR turns it on anywhere.
 */
export function colourWanted(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return true;
  return Boolean(stream.isTTY) && !env.CI;
}

export type Paint = (text: string) => string;

export interface Palette {
  red: Paint;
  green: Paint;
  yellow: Paint;
  magenta: Paint;
  dim: Paint;
  bold: Paint;
}

const sgr =
  (open: number, close: number): Paint =>
  (text) =>
    `\x1b[${open}m${text}\x1b[${close}m`;
const plain: Paint = (text) => text;

export function palette(colour: boolean): Palette {
  if (!colour) return { red: plain, green: plain, yellow: plain, magenta: plain, dim: plain, bold: plain };
  return {
    red: sgr(31, 39),
    green: sgr(32, 39),
    yellow: sgr(33, 39),
    magenta: sgr(35, 39),
    dim: sgr(2, 22),
    bold: sgr(1, 22),
  };
}
