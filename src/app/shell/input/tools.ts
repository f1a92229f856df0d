import { Signal } from '../base/signal.ts';

/** What a tool gets when the user clicks the 3D view. */
export interface ToolClick {
  /** 0 = primary (left), 2 = secondary (right). */
  button: number;
  /** Pointer position in normalized device coordinates (-1..1). */
  ndc: { x: number; y: number };
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * An interaction mode of the 3D view. The editor registers the editing tools
 * ('waypoint', 'voxel', 'erase', 'terrain') next to 'select'.
 */
export interface Tool {
  readonly name: string;
  /** One line for the status bar, keys in brackets: "[Click] start · [Right-click] goal" (see ui/dom.ts withKeys). */
  readonly hint: string;
  activate?(): void;
  deactivate?(): void;
  click(e: ToolClick): void;
}

/** The registered tools and the active one. */
export class ToolBox {
  private readonly tools = new Map<string, Tool>();
  private current: Tool | null = null;
  /**
   * Asked, in order, before the select tool handles a click: one that returns true has taken
   * the click (a click on an agent selects the agent instead of setting the search start).
   */
  readonly interceptors: ((e: ToolClick) => boolean)[] = [];

  /** Whether an interceptor took the click. */
  intercept(e: ToolClick): boolean {
    return this.interceptors.some((take) => take(e));
  }
  /** Emitted with the tool that became active. */
  readonly changed = new Signal<[Tool]>();

  register(tool: Tool): void {
    this.tools.set(tool.name, tool);
  }

  get names(): string[] {
    return [...this.tools.keys()];
  }

  get active(): Tool | null {
    return this.current;
  }

  /** Activates a tool by name; throws an Error naming the available tools when unknown. */
  use(name: string): void {
    const tool = this.tools.get(name);
    if (tool === undefined) throw new Error(`setTool: unknown tool '${name}' (available: ${this.names.join(', ')})`);
    if (tool === this.current) return;
    this.current?.deactivate?.();
    this.current = tool;
    tool.activate?.();
    this.changed.emit(tool);
  }
}
