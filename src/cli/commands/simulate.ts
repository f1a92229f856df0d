import { UsageError } from '../args.ts';

// Placeholder until the steering simulation lands (issue 4).
export function simulateCommand(_argv: string[]): number {
  throw new UsageError('simulate is not built yet');
}
