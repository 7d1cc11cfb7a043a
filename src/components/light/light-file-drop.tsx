import DeleteOutlined from "@ant-design/icons-svg/es/asn/DeleteOutlined";
import InboxOutlined from "@ant-design/icons-svg/es/asn/InboxOutlined";
import PaperClipOutlined from "@ant-design/icons-svg/es/asn/PaperClipOutlined";
import { useState, type DragEvent } from "react";
import { classNames } from "./class-names";
import { LightIcon } from "./light-icon";
import "./light-file-drop.css";

/**
 * A place to choose one file, by a click (or Enter / Space on it: the real file input inside takes
 * the focus) or by dropping it there, in antd's Upload.Dragger look; the chosen file is listed
 * under it with a button to remove it. `id` is the input's, so a field's label names it.
 */
export function LightFileDrop({ id, file, onChange, prompt, removeLabel, isInvalid }: { id?: string; file: File | null; onChange: (file: File | null) => void; prompt: string; removeLabel: string; isInvalid?: boolean }) {
  const [isOver, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onChange(dropped);
  };
  return (
    <div>
      <label
        className={classNames("hz-l-file-drop", isOver && "hz-l-file-drop--over", isInvalid && "hz-l-file-drop--error")}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <input
          id={id}
          type="file"
          className="hz-l-file-drop__input"
          aria-invalid={isInvalid || undefined}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) onChange(chosen);
            // The same file chosen again after removing it must count as a change.
            event.target.value = "";
          }}
        />
        <LightIcon icon={InboxOutlined} className="hz-l-file-drop__icon" />
        <span className="hz-l-file-drop__prompt">{prompt}</span>
      </label>
      {file && (
        <div className="hz-l-file-drop__chosen">
          <LightIcon icon={PaperClipOutlined} />
          <span className="hz-l-file-drop__name">{file.name}</span>
          <button type="button" className="hz-l-file-drop__remove" aria-label={`${removeLabel}：${file.name}`} onClick={() => onChange(null)}>
            <LightIcon icon={DeleteOutlined} />
          </button>
        </div>
      )}
    </div>
  );
}
