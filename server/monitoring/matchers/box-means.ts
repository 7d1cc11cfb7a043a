/** An 8-bit single-channel picture. */
export interface Grey {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Area means of a greyscale over rectangles in O(1) each, by a summed-area table. The picture
 * matcher takes its dHash (9×8) and aHash (8×8) cells this way, and the logo search does the same
 * for thousands of windows, so a window and a work are hashed by one method.
 */
export class BoxMeans {
  private readonly sums: Float64Array;
  private readonly stride: number;

  constructor(readonly grey: Grey) {
    this.stride = grey.width + 1;
    this.sums = new Float64Array(this.stride * (grey.height + 1));
    for (let y = 0; y < grey.height; y += 1) {
      let row = 0;
      for (let x = 0; x < grey.width; x += 1) {
        row += grey.data[y * grey.width + x];
        this.sums[(y + 1) * this.stride + x + 1] = this.sums[y * this.stride + x + 1] + row;
      }
    }
  }

  /** Means of a cols×rows grid laid over the rectangle, row by row, into `out`. */
  grid(left: number, top: number, width: number, height: number, cols: number, rows: number, out: Float64Array): Float64Array {
    const { sums, stride } = this;
    for (let row = 0; row < rows; row += 1) {
      const y0 = top + Math.floor((row * height) / rows);
      const y1 = Math.max(y0 + 1, top + Math.floor(((row + 1) * height) / rows));
      for (let col = 0; col < cols; col += 1) {
        const x0 = left + Math.floor((col * width) / cols);
        const x1 = Math.max(x0 + 1, left + Math.floor(((col + 1) * width) / cols));
        out[row * cols + col] = (sums[y1 * stride + x1] - sums[y0 * stride + x1] - sums[y1 * stride + x0] + sums[y0 * stride + x0]) / ((x1 - x0) * (y1 - y0));
      }
    }
    return out;
  }
}
