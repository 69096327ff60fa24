/*
 * A progress bar on stderr: redrawn in place on a terminal, a line every 10 % otherwise (logs, CI),
 * so stdout keeps only the result.
 */
const WIDTH = 30;

interface ProgressBar {
  update(done: number): void;
  finish(note?: string): void;
}

export function progressBar(label: string, total: number, stream: NodeJS.WriteStream = process.stderr): ProgressBar {
  const started = performance.now();
  let lastTenth = -1;
  let lastDraw = 0;
  const line = (done: number) => {
    const fraction = total > 0 ? Math.min(1, done / total) : 1;
    const filled = Math.round(fraction * WIDTH);
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? Math.round(done / seconds) : 0;
    return `${label} [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}% ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} ${rate.toLocaleString('en-US')}/s ${seconds.toFixed(1)} s`;
  };
  return {
    update(done) {
      if (stream.isTTY) {
        const now = performance.now();
        if (now - lastDraw < 100 && done < total) return;
        lastDraw = now;
        stream.write(`\r${line(done)}`);
        return;
      }
      const tenth = total > 0 ? Math.floor((done / total) * 10) : 10;
      // The last line comes from finish().
      if (tenth > lastTenth && tenth < 10) {
        lastTenth = tenth;
        stream.write(`${line(done)}\n`);
      }
    },
    finish(note) {
      stream.write(`${stream.isTTY ? '\r' : ''}${line(total)}${note ? ` ${note}` : ''}\n`);
    },
  };
}
