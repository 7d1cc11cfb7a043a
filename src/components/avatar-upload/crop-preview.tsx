import { Slider, Typography } from "antd";
import { useEffect, useRef, type PointerEvent } from "react";
import { MAX_ZOOM, moveCrop, zoomCrop, type CropState } from "./avatar-crop";
import { drawCrop } from "./render-avatar";

/**
 * The 320×320 preview of the square crop: drag the picture to place it, use the slider to zoom.
 * What it shows is exactly what is saved (at 160×160).
 */
export function CropPreview({ image, state, onChange }: { image: HTMLImageElement; state: CropState; onChange: (next: CropState) => void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const dragFrom = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    if (canvasRef.current) drawCrop(canvasRef.current, image, state, state.viewport);
  }, [image, state]);

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    dragFrom.current = { x: event.clientX, y: event.clientY };
  }

  function onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
    if (!dragFrom.current) return;
    onChange(moveCrop(state, event.clientX - dragFrom.current.x, event.clientY - dragFrom.current.y));
    dragFrom.current = { x: event.clientX, y: event.clientY };
  }

  return (
    <div style={{ width: state.viewport }}>
      <canvas
        ref={canvasRef}
        width={state.viewport}
        height={state.viewport}
        aria-label="头像预览"
        role="img"
        style={{ display: "block", cursor: "move", touchAction: "none", borderRadius: 4, background: "#f5f5f5", boxShadow: "0 0 0 1px #d9d9d9" }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (dragFrom.current = null)}
        onPointerCancel={() => (dragFrom.current = null)}
      />
      <Typography.Text type="secondary" style={{ display: "block", margin: "8px 0 0" }}>
        缩放
      </Typography.Text>
      <Slider min={1} max={MAX_ZOOM} step={0.05} value={state.zoom} onChange={(zoom) => onChange(zoomCrop(state, zoom))} tooltip={{ open: false }} aria-label="缩放" />
    </div>
  );
}
