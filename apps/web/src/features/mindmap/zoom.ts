/** The mind map's zoom (spec part 2 §9): bounds 0.5 to 3, a factor of 1.2 per step. */
export const ZOOM = { min: 0.5, max: 3, step: 1.2, initial: 1 } as const;

function clamp(value: number): number {
  return Math.min(ZOOM.max, Math.max(ZOOM.min, Math.round(value * 1000) / 1000));
}

export function zoomIn(zoom: number): number {
  return clamp(zoom * ZOOM.step);
}

export function zoomOut(zoom: number): number {
  return clamp(zoom / ZOOM.step);
}

/** The zoom as a whole percent, for the label between the buttons. */
export function zoomPercent(zoom: number): string {
  return `${Math.round(zoom * 100)}%`;
}
