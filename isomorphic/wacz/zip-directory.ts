/**
 * Reading a ZIP file's central directory (APPNOTE.TXT §4.3), for the WACZ checks (the server reading
 * entries back from a sealed package, the verification pages and the offline verifier checking one):
 * pure functions of the bytes they are given, so each side supplies the bytes its own way (a file
 * range on the server, the whole file in the verifier). The central directory is the listing readers
 * trust (local headers of streamed entries carry no sizes), so this is what we read. ZIP64 is not
 * read: a capture package is bounded far below 4 GiB, and a ZIP64 field says so with a clear error.
 */

export class ZipFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ZipFormatError";
  }
}

export interface ZipEntry {
  readonly name: string;
  /** 0 stored, 8 deflated; nothing else is read. */
  readonly method: 0 | 8;
  readonly compressedSize: number;
  readonly size: number;
  readonly crc32: number;
  /** Where the entry's local header starts; its data follows that header (see localDataOffset). */
  readonly localHeaderOffset: number;
}

export interface ZipDirectoryLocation {
  readonly offset: number;
  readonly size: number;
  readonly entryCount: number;
}

const END_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const END_SIZE = 22;
const CENTRAL_HEADER_SIZE = 46;
export const LOCAL_HEADER_SIZE = 30;
/** The end record plus the longest comment it may carry: how much of the file's tail to read. */
export const ZIP_TAIL_SIZE = END_SIZE + 0xffff;

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function noZip64(value: number, max: number): number {
  if (value === max) throw new ZipFormatError("不支持 ZIP64 格式的压缩包");
  return value;
}

/**
 * Finds the end-of-central-directory record in the file's last bytes (`tail`, at most ZIP_TAIL_SIZE,
 * ending at the file's end) and answers where the central directory is.
 */
export function locateZipDirectory(tail: Uint8Array, fileSize: number): ZipDirectoryLocation {
  const data = view(tail);
  // Searched from the end: the comment may hold the signature too, the real record is the last one whose comment fits exactly.
  for (let at = tail.length - END_SIZE; at >= 0; at--) {
    if (data.getUint32(at, true) !== END_SIGNATURE || at + END_SIZE + data.getUint16(at + 20, true) !== tail.length) continue;
    const entryCount = noZip64(data.getUint16(at + 10, true), 0xffff);
    const size = noZip64(data.getUint32(at + 12, true), 0xffffffff);
    const offset = noZip64(data.getUint32(at + 16, true), 0xffffffff);
    if (data.getUint16(at + 4, true) !== 0 || data.getUint16(at + 6, true) !== 0 || data.getUint16(at + 8, true) !== entryCount) throw new ZipFormatError("不支持分卷压缩包");
    const endOffset = fileSize - tail.length + at;
    if (offset + size !== endOffset) throw new ZipFormatError("压缩包目录位置与文件长度不符");
    return { offset, size, entryCount };
  }
  throw new ZipFormatError("不是 ZIP 压缩包（找不到压缩包目录）");
}

/** Parses the central directory's bytes; entry names must be unique, or which one counts would be ambiguous. */
export function parseZipDirectory(directory: Uint8Array, location: ZipDirectoryLocation): ZipEntry[] {
  const data = view(directory);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let at = 0;
  for (let i = 0; i < location.entryCount; i++) {
    if (at + CENTRAL_HEADER_SIZE > directory.length || data.getUint32(at, true) !== CENTRAL_SIGNATURE) throw new ZipFormatError("压缩包目录已损坏");
    const method = data.getUint16(at + 10, true);
    const nameLength = data.getUint16(at + 28, true);
    const next = at + CENTRAL_HEADER_SIZE + nameLength + data.getUint16(at + 30, true) + data.getUint16(at + 32, true);
    if (next > directory.length) throw new ZipFormatError("压缩包目录已损坏");
    let name: string;
    try {
      name = decoder.decode(directory.subarray(at + CENTRAL_HEADER_SIZE, at + CENTRAL_HEADER_SIZE + nameLength));
    } catch {
      throw new ZipFormatError("压缩包中有文件名不是 UTF-8 文本");
    }
    if (method !== 0 && method !== 8) throw new ZipFormatError(`压缩包中的 ${name} 使用了不支持的压缩方法 ${method}`);
    if ((data.getUint16(at + 8, true) & 1) !== 0) throw new ZipFormatError(`压缩包中的 ${name} 已加密`);
    if (names.has(name)) throw new ZipFormatError(`压缩包中有两个同名文件 ${name}`);
    names.add(name);
    entries.push({
      name,
      method,
      crc32: data.getUint32(at + 16, true),
      compressedSize: noZip64(data.getUint32(at + 20, true), 0xffffffff),
      size: noZip64(data.getUint32(at + 24, true), 0xffffffff),
      localHeaderOffset: noZip64(data.getUint32(at + 42, true), 0xffffffff),
    });
    at = next;
  }
  if (at !== directory.length) throw new ZipFormatError("压缩包目录长度与记载不符");
  return entries;
}

/** Where an entry's data starts, given the LOCAL_HEADER_SIZE bytes at its local header. */
export function localDataOffset(localHeader: Uint8Array, entry: ZipEntry): number {
  const data = view(localHeader);
  if (localHeader.length < LOCAL_HEADER_SIZE || data.getUint32(0, true) !== LOCAL_SIGNATURE) throw new ZipFormatError(`压缩包中 ${entry.name} 的文件头已损坏`);
  return entry.localHeaderOffset + LOCAL_HEADER_SIZE + data.getUint16(26, true) + data.getUint16(28, true);
}

/** The whole file in memory (the verifier's case): every entry, and a reader of one entry's stored bytes. */
export function openZip(bytes: Uint8Array): { entries: ZipEntry[]; storedBytes(entry: ZipEntry): Uint8Array } {
  const tailStart = Math.max(0, bytes.length - ZIP_TAIL_SIZE);
  const location = locateZipDirectory(bytes.subarray(tailStart), bytes.length);
  const entries = parseZipDirectory(bytes.subarray(location.offset, location.offset + location.size), location);
  return {
    entries,
    storedBytes(entry) {
      const start = localDataOffset(bytes.subarray(entry.localHeaderOffset, entry.localHeaderOffset + LOCAL_HEADER_SIZE), entry);
      if (start + entry.compressedSize > location.offset) throw new ZipFormatError(`压缩包中 ${entry.name} 的数据超出范围`);
      return bytes.subarray(start, start + entry.compressedSize);
    },
  };
}
