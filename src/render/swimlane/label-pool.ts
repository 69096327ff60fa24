/*
 * HTML labels over a canvas, reused frame after frame: text stays crisp and selectable by screen
 * readers' virtual cursor, and a frame touches at most `limit` nodes however much data there is.
 * Text is set with textContent, never HTML.
 */
export class LabelPool {
  private readonly nodes: HTMLDivElement[] = [];
  private used = 0;

  constructor(
    private readonly layer: HTMLElement,
    private readonly className: string,
    private readonly limit: number,
  ) {}

  begin(): void {
    this.used = 0;
  }

  /** Places a label; returns false once the pool is full. */
  place(text: string, leftPx: number, topPx: number, style?: { color?: string; maxWidthPx?: number }): boolean {
    if (this.used >= this.limit) return false;
    let node = this.nodes[this.used];
    if (!node) {
      node = document.createElement('div');
      node.className = this.className;
      this.layer.append(node);
      this.nodes.push(node);
    }
    this.used += 1;
    if (node.textContent !== text) node.textContent = text;
    node.style.transform = `translate(${Math.round(leftPx)}px, ${Math.round(topPx)}px)`;
    node.style.color = style?.color ?? '';
    node.style.maxWidth = style?.maxWidthPx === undefined ? '' : `${style.maxWidthPx}px`;
    node.hidden = false;
    return true;
  }

  end(): void {
    for (let i = this.used; i < this.nodes.length; i += 1) (this.nodes[i] as HTMLDivElement).hidden = true;
  }
}
