/*
 * The small symbol of an airport in the globe's context layer: a ring crossed by a runway, pale blue
 * over a dark rim, so it reads on any imagery and is told apart from a place's plain dot and from the
 * tracks' larger symbols at a glance.
 */
export const AIRPORT_SYMBOL_PX = 14;

export function drawAirportSymbol(canvas: HTMLCanvasElement = document.createElement('canvas')): HTMLCanvasElement {
  // Drawn at twice the size it is shown, so it stays crisp on high-density screens.
  const size = AIRPORT_SYMBOL_PX * 2;
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) return canvas;
  const centre = size / 2;
  const radius = size * 0.32;
  const runway = size * 0.44;
  const trace = () => {
    context.beginPath();
    context.arc(centre, centre, radius, 0, Math.PI * 2);
    context.moveTo(centre - runway * Math.SQRT1_2, centre + runway * Math.SQRT1_2);
    context.lineTo(centre + runway * Math.SQRT1_2, centre - runway * Math.SQRT1_2);
  };
  context.lineCap = 'round';
  trace();
  context.strokeStyle = 'rgba(21,25,30,0.75)';
  context.lineWidth = 7;
  context.stroke();
  trace();
  context.strokeStyle = '#b9dcf3';
  context.lineWidth = 3.5;
  context.stroke();
  return canvas;
}
