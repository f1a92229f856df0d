/** Argument checks of SearchHelper's options (a NavlabError 'usage' naming the option). */
import { checkNumber, checkObject, checkOneOf } from '../core/args.ts';

/** The fields of SearchHelperOptions (SearchHelper.ts), as this module reads them. */
interface OptionFields {
  shape?: unknown;
  nodeSize?: unknown;
  openSize?: unknown;
  pathRadius?: unknown;
  shapeLimit?: unknown;
  stepWidth?: unknown;
  colors?: unknown;
}

/** The options of a SearchHelper, checked: a usage error names the option. */
export function checkHelperOptions(options: unknown): void {
  const o = checkObject<OptionFields>('SearchHelper: options', options, 'an object { shape, nodeSize, pathRadius, ... }');
  checkOneOf('SearchHelper: options.shape', o.shape, ['cube', 'sphere']);
  checkNumber('SearchHelper: options.nodeSize', o.nodeSize, 0, true);
  if (o.openSize !== undefined) checkNumber('SearchHelper: options.openSize', o.openSize, 0, true);
  checkNumber('SearchHelper: options.pathRadius', o.pathRadius, 0);
  if (o.shapeLimit !== undefined) checkNumber('SearchHelper: options.shapeLimit', o.shapeLimit, 0, false, true);
  if (o.stepWidth !== undefined) checkNumber('SearchHelper: options.stepWidth', o.stepWidth, 0, true);
  if (o.colors !== undefined) {
    for (const [key, value] of Object.entries(checkObject<Record<string, unknown>>('SearchHelper: options.colors', o.colors))) {
      if (value !== undefined) checkNumber(`SearchHelper: options.colors.${key}`, value, 0, false, true);
    }
  }
}
