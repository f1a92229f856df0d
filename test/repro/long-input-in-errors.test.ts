// Errors echoed whole inputs: a 10 MB id was printed in full (and froze the app's error box
// for 1.5 s). Messages quote a short prefix and say how much was cut.
import { describe, expect, it } from 'vitest';
import { parseScene, SceneError } from '../../src/scene/index.ts';

const messageOf = (input: unknown): string => {
  try {
    parseScene(input);
  } catch (e) {
    expect(e).toBeInstanceOf(SceneError);
    return (e as Error).message;
  }
  throw new Error('expected a SceneError');
};

describe('a 10 MB id in an error', () => {
  const id = 'w'.repeat(10 * 2 ** 20);

  it('a duplicate id is quoted by a short prefix', () => {
    const message = messageOf({
      version: 1,
      waypoints: [
        { id, position: [0, 0, 0] },
        { id, position: [1, 0, 0] },
      ],
    });
    expect(message).toMatch(/duplicate id 'w{40}…' \(first 40 of 10485760 characters\)/);
    expect(message.length).toBeLessThan(400);
  });

  it('an unknown reference and a wrongly typed value too', () => {
    expect(messageOf({ version: 1, agents: [{ id: 'a', start: [0, 0, 0], goal: id, radius: 0, speed: 1 }] }).length).toBeLessThan(400);
    expect(messageOf({ version: 1, name: 5, units: 7, description: id.length, agentRadius: id }).length).toBeLessThan(1000);
    expect(messageOf({ version: 1, [id]: 1 }).length).toBeLessThan(400);
  });
});
