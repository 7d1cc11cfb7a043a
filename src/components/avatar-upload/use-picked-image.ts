import { useEffect, useState } from "react";
import { AVATAR_UPLOAD_RULE, checkUpload, UPLOAD_MESSAGES } from "../../schema/upload";

export type PickedImage = { file: File; image: HTMLImageElement };

const FORMAT_MESSAGE = AVATAR_UPLOAD_RULE.messages?.format ?? UPLOAD_MESSAGES.format;

/**
 * The picture the user chose, checked by the avatar rule of spec §5 (format, size, present) and
 * then decoded by the browser; a file that is not really a picture fails to decode and gets the
 * format message too.
 */
export function usePickedImage() {
  const [file, setFile] = useState<File | null>(null);
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    const image = new Image();
    let isCurrent = true;
    image.onload = () => isCurrent && setPicked({ file, image });
    image.onerror = () => isCurrent && setProblem(FORMAT_MESSAGE);
    image.src = url;
    return () => {
      isCurrent = false;
      URL.revokeObjectURL(url);
    };
  }, [file]);

  function choose(next: File | null) {
    setPicked(null);
    const message = checkUpload(next, AVATAR_UPLOAD_RULE);
    setProblem(message);
    setFile(message ? null : next);
  }

  function reset() {
    setFile(null);
    setPicked(null);
    setProblem(null);
  }

  return { picked, problem, setProblem, choose, reset };
}
