import { createCloseButton, type OverlayMap } from './overlay.ts';

/** Options of a {@link Panel}. */
export interface PanelOptions {
  /** A modal panel opens in the middle over a dimmed map and closes with its × button, Escape or a click outside (default false). */
  modal?: boolean;
  /** Extra class names on the panel's element. */
  className?: string;
  /** Anything else a subclass keeps (it reads it back from `this._options`, as in Mini Tokyo 3D). */
  [key: string]: unknown;
}

let panelSerial = 0;

/**
 * A panel of yours in the map's panel style: at the bottom left (a bottom sheet on a phone), folding to its
 * title when the title is clicked; or, with `modal`, in the middle over a dimmed map.
 *
 * `setHTML` puts the string in as HTML, **not sanitised** (spec §5): give it only markup you trust.
 */
export class Panel {
  private readonly modal: boolean;
  private readonly element: HTMLElement;
  private readonly backdrop: HTMLElement | null;
  private readonly title: HTMLElement;
  /** Where the title's text goes: the heading, or the folding button in it. */
  private readonly titleText: HTMLElement;
  private readonly buttons: HTMLElement;
  private readonly content: HTMLElement;
  private open = false;
  private returnFocus: HTMLElement | null = null;
  /** The options it was made with (`modal` false unless given), for subclasses as in Mini Tokyo 3D. */
  protected readonly _options: PanelOptions;

  constructor(options: PanelOptions = {}) {
    this._options = { modal: false, ...options };
    this.modal = Boolean(options?.modal);
    const id = `tt-api-panel-${++panelSerial}`;
    this.element = document.createElement('section');
    this.element.className = `tt-panel tt-api-panel${this.modal ? ' tt-api-panel-modal' : ''}${options?.className ? ` ${options.className}` : ''}`;
    this.element.setAttribute('aria-labelledby', `${id}-title`);
    if (this.modal) {
      this.element.setAttribute('role', 'dialog');
      this.element.setAttribute('aria-modal', 'true');
    }
    const header = document.createElement('div');
    header.className = 'tt-api-panel-header';
    this.title = document.createElement('h2');
    this.title.className = 'tt-api-panel-title';
    this.title.id = `${id}-title`;
    this.titleText = this.modal ? this.title : document.createElement('button');
    if (!this.modal) {
      this.titleText.className = 'tt-api-panel-toggle';
      (this.titleText as HTMLButtonElement).type = 'button';
      this.title.appendChild(this.titleText);
    }
    this.buttons = document.createElement('div');
    this.buttons.className = 'tt-api-panel-buttons';
    header.append(this.title, this.buttons);
    this.content = document.createElement('div');
    this.content.className = 'tt-api-panel-content';
    this.element.append(header, this.content);
    if (this.modal) {
      header.appendChild(createCloseButton(() => this.remove()));
      this.backdrop = document.createElement('div');
      this.backdrop.className = 'tt-api-backdrop';
      this.backdrop.addEventListener('click', () => this.remove());
    } else {
      this.backdrop = null;
      this.titleText.setAttribute('aria-expanded', 'true');
      this.titleText.addEventListener('click', () => {
        const collapsed = this.element.classList.toggle('tt-collapsed');
        this.element.classList.toggle('collapsed', collapsed); // Mini Tokyo 3D's class, which plugins' CSS uses
        this.titleText.setAttribute('aria-expanded', String(!collapsed));
      });
    }
  }

  private readonly onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && this.open) {
      event.stopPropagation();
      this.remove();
    }
  };

  /** Opens the panel on a map. */
  addTo(map: OverlayMap): this {
    const host = map._overlayElement();
    if (this.backdrop) host.appendChild(this.backdrop);
    host.appendChild(this.element);
    this.open = true;
    if (this.modal) {
      this.returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      document.addEventListener('keydown', this.onKeyDown, true);
      this.element.querySelector<HTMLElement>('.tt-api-close')?.focus();
    }
    return this;
  }

  /** Whether the panel is open on a map. */
  isOpen(): boolean {
    return this.open;
  }

  /** Closes the panel. */
  remove(): this {
    if (!this.open) return this;
    this.open = false;
    this.element.remove();
    this.backdrop?.remove();
    if (this.modal) {
      document.removeEventListener('keydown', this.onKeyDown, true);
      this.returnFocus?.focus();
      this.returnFocus = null;
    }
    return this;
  }

  /** Sets the title (text). */
  setTitle(title: string): this {
    this.titleText.textContent = String(title);
    return this;
  }

  /** Sets the content as HTML (not sanitised). */
  setHTML(html: string): this {
    this.content.innerHTML = String(html);
    return this;
  }

  /** Puts elements of yours (buttons) in the panel's title bar, replacing the previous ones. */
  setButtons(buttons: HTMLElement[]): this {
    this.buttons.replaceChildren(...(buttons ?? []).filter((b): b is HTMLElement => b instanceof HTMLElement));
    return this;
  }

  /** The panel's element. */
  getElement(): HTMLElement {
    return this.element;
  }
}
