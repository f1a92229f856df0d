/**
 * Formats scene documents as saved text, and the patches of big ones against their base, away
 * from the page (see SaveWork): a big scene takes seconds to format.
 */
import { SaveWork, type SaveRequest } from './saveWork.ts';

const work = new SaveWork();
self.onmessage = (e: MessageEvent<SaveRequest>) => (self as unknown as Worker).postMessage(work.handle(e.data));
