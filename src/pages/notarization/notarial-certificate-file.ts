import type { ExpectedFile } from "../../components/signed-download";

/** The notarial certificate as its download calls serve it: a sealed PDF. */
export function certificateFile(applicationNo: string): ExpectedFile {
  return { contentType: "application/pdf", fallbackName: `公证书-${applicationNo}.pdf` };
}
