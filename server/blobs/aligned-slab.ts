/** WebAssembly's page: a memory's size is a whole number of them. */
const WASM_PAGE_BYTES = 64 * 1024;

/**
 * Shared memory whose first byte is at an address aligned to the operating system's page, which
 * direct (O_DIRECT) file writes require of the memory they read (temp-file.ts). A plain
 * SharedArrayBuffer gives no such promise (here its start was off by 16 bytes), and JavaScript
 * cannot see an address to align by hand; a shared WebAssembly memory is mapped by the engine a
 * page at a time, so it starts on a page. Its pages, like a SharedArrayBuffer's, are only backed
 * once written. Where the engine refuses one (its address space for WebAssembly memories used up)
 * a plain SharedArrayBuffer serves: the writes then go through the page cache instead.
 * `bytes` must be a multiple of 64 KiB.
 */
export function allocateAlignedSlab(bytes: number): Uint8Array {
  if (bytes % WASM_PAGE_BYTES !== 0) throw new RangeError(`an aligned slab is a multiple of ${WASM_PAGE_BYTES} bytes`);
  const pages = bytes / WASM_PAGE_BYTES;
  try {
    return new Uint8Array(new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true }).buffer);
  } catch {
    return new Uint8Array(new SharedArrayBuffer(bytes));
  }
}
