import UserOutlined from "@ant-design/icons-svg/es/asn/UserOutlined";
import { LightIcon } from "./light-icon";
import "./light.css";
import "./light-avatar.css";

/** A round picture of a person in antd's Avatar look, or antd's neutral figure while there is none. */
export function LightAvatar({ src, size, alt }: { src?: string; size: number; alt: string }) {
  return (
    <span className="hz-l-avatar" style={{ width: size, height: size, fontSize: size / 2 }}>
      {src ? <img src={src} alt={alt} /> : <LightIcon icon={UserOutlined} label={alt} />}
    </span>
  );
}
