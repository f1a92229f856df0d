import { Signal } from './signal.ts';

/** One undoable change. `apply` does (or redoes) it, `revert` undoes it. */
export interface Command {
  /** Shown in the UI ("Add waypoint w12"). */
  label: string;
  apply(): void;
  revert(): void;
}

/**
 * Undo/redo stacks of commands. `push` applies a command and records it; a new command after
 * some undos drops the redo branch. The stacks are bounded (oldest commands are forgotten).
 */
export class History {
  private readonly done: Command[] = [];
  private readonly undone: Command[] = [];
  /** Emitted after every change of the stacks. */
  readonly changed = new Signal();

  constructor(readonly limit = 200) {}

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  /** Label of the command `undo` would revert, or null. */
  get undoLabel(): string | null {
    return this.done.at(-1)?.label ?? null;
  }

  get redoLabel(): string | null {
    return this.undone.at(-1)?.label ?? null;
  }

  /**
   * Applies `command` and records it. A command whose `apply` throws is not recorded, and the
   * stacks stay as they were (the command must leave its target unchanged when it throws).
   */
  push(command: Command): void {
    command.apply();
    this.done.push(command);
    if (this.done.length > this.limit) this.done.shift();
    this.undone.length = 0;
    this.changed.emit();
  }

  /** Reverts the last command; false when there is none. If `revert` throws, the stacks stay. */
  undo(): boolean {
    const c = this.done.at(-1);
    if (c === undefined) return false;
    c.revert();
    this.done.pop();
    this.undone.push(c);
    this.changed.emit();
    return true;
  }

  /** Re-applies the last undone command; false when there is none. If `apply` throws, the stacks stay. */
  redo(): boolean {
    const c = this.undone.at(-1);
    if (c === undefined) return false;
    c.apply();
    this.undone.pop();
    this.done.push(c);
    this.changed.emit();
    return true;
  }

  /** The stacks: `done` in the order applied, `undone` with the next redo last. */
  get stacks(): { done: readonly Command[]; undone: readonly Command[] } {
    return { done: this.done, undone: this.undone };
  }

  /** Replaces both stacks (a scene's saved history came back); runs no command. */
  replace(done: Command[], undone: Command[]): void {
    this.done.splice(0, this.done.length, ...done.slice(-this.limit));
    this.undone.splice(0, this.undone.length, ...undone);
    this.changed.emit();
  }

  /** Forgets everything (a new scene was loaded). */
  clear(): void {
    this.done.length = 0;
    this.undone.length = 0;
    this.changed.emit();
  }
}
