import { describe, expect, it, vi } from 'vitest';
import { History, type Command } from '../../src/app/shell/base/History.ts';
import { ToolBox } from '../../src/app/shell/input/tools.ts';

function counter(): { value: number; add(n: number): Command } {
  const c = {
    value: 0,
    add: (n: number): Command => ({ label: `add ${n}`, apply: () => void (c.value += n), revert: () => void (c.value -= n) }),
  };
  return c;
}

describe('History', () => {
  it('applies, undoes and redoes commands in order', () => {
    const h = new History();
    const c = counter();
    h.push(c.add(1));
    h.push(c.add(10));
    expect(c.value).toBe(11);
    expect(h.undoLabel).toBe('add 10');
    expect(h.undo()).toBe(true);
    expect(c.value).toBe(1);
    expect(h.redoLabel).toBe('add 10');
    expect(h.redo()).toBe(true);
    expect(c.value).toBe(11);
    expect(h.redo()).toBe(false);
  });

  it('drops the redo branch on a new command and forgets the oldest beyond its limit', () => {
    const h = new History(2);
    const c = counter();
    h.push(c.add(1));
    h.push(c.add(2));
    h.undo();
    h.push(c.add(4));
    expect(h.canRedo).toBe(false);
    h.push(c.add(8));
    expect(c.value).toBe(13);
    expect(h.undo() && h.undo()).toBe(true);
    expect(h.undo()).toBe(false);
    expect(c.value).toBe(1);
  });

  it('does nothing harmful when empty, and reports changes', () => {
    const h = new History();
    const changed = vi.fn();
    h.changed.add(changed);
    expect(h.undo()).toBe(false);
    expect(h.redo()).toBe(false);
    expect(changed).not.toHaveBeenCalled();
    h.clear();
    expect(changed).toHaveBeenCalledTimes(1);
  });
});

describe('ToolBox', () => {
  it('activates tools by name and rejects unknown names, listing the available ones', () => {
    const box = new ToolBox();
    const events: string[] = [];
    box.register({
      name: 'select',
      hint: '',
      click: () => {},
      activate: () => events.push('+select'),
      deactivate: () => events.push('-select'),
    });
    box.register({ name: 'waypoint', hint: '', click: () => {}, activate: () => events.push('+waypoint') });
    box.use('select');
    box.use('select');
    box.use('waypoint');
    expect(events).toEqual(['+select', '-select', '+waypoint']);
    expect(() => box.use('paint')).toThrow("setTool: unknown tool 'paint' (available: select, waypoint)");
    expect(box.active?.name).toBe('waypoint');
  });
});
