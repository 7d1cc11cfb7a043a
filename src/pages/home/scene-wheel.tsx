import CheckCircleFilled from "@ant-design/icons-svg/es/asn/CheckCircleFilled";
import { LightIcon } from "../../components/light/light-icon";
import { SCENE_WHEEL } from "../../schema/constants";
import { HomeSection } from "./home-section";
import { polarPoint, sectorPath, segmentCentreAngle } from "./scene-wheel-geometry";
import { SCENES } from "./scenes";
import { useSceneRotation } from "./use-scene-rotation";
import "./scene-wheel.css";

const SIZE = 460;
const CENTRE = SIZE / 2;
const INNER_RADIUS = 112;
const OUTER_RADIUS = 218;
const LABEL_RADIUS = (INNER_RADIUS + OUTER_RADIUS) / 2;
const HALF_SEGMENT = SCENE_WHEEL.segmentDegrees / 2;
// A hair of space between segments, so the ring reads as eight parts.
const GAP_DEGREES = 1;

/** The rotating scene wheel (spec §2, §9) beside the description of the highlighted scenario. */
export function SceneWheel() {
  const { activeIndex, angle, select, pause, resume } = useSceneRotation();
  const scene = SCENES[activeIndex];

  return (
    <HomeSection title="应用场景" subtitle="从创作、交易到维权，证据在产生的那一刻就被固定下来" tone="tinted">
      <div className="hz-scenes" onMouseEnter={pause} onMouseLeave={resume}>
        <div className="hz-wheel" style={{ width: SIZE, height: SIZE }}>
          <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} aria-hidden="true">
            <circle cx={CENTRE} cy={CENTRE} r={OUTER_RADIUS + 14} className="hz-wheel__halo" />
            {SCENES.map((item, index) => {
              const centre = segmentCentreAngle(index);
              return (
                <path
                  key={item.name}
                  d={sectorPath(CENTRE, INNER_RADIUS, OUTER_RADIUS, centre - HALF_SEGMENT + GAP_DEGREES, centre + HALF_SEGMENT - GAP_DEGREES)}
                  className="hz-wheel__segment"
                />
              );
            })}
            <g className="hz-wheel__highlight" data-testid="scene-wheel-highlight" data-angle={angle} style={{ transform: `rotate(${angle}deg)` }}>
              <path d={sectorPath(CENTRE, INNER_RADIUS - 6, OUTER_RADIUS + 8, -HALF_SEGMENT + GAP_DEGREES, HALF_SEGMENT - GAP_DEGREES)} />
            </g>
            <circle cx={CENTRE} cy={CENTRE} r={INNER_RADIUS - 18} className="hz-wheel__hub" />
          </svg>
          <div className="hz-wheel__centre" aria-live="polite">
            <span className="hz-wheel__count">
              {String(activeIndex + 1).padStart(2, "0")} / {String(SCENES.length).padStart(2, "0")}
            </span>
            <strong>{scene.name}</strong>
          </div>
          {SCENES.map((item, index) => {
            const point = polarPoint(CENTRE, LABEL_RADIUS, segmentCentreAngle(index));
            return (
              <button
                key={item.name}
                type="button"
                className={`hz-wheel__label${index === activeIndex ? " hz-wheel__label--active" : ""}`}
                aria-pressed={index === activeIndex}
                style={{ left: point.x, top: point.y }}
                onClick={() => select(index)}
              >
                <LightIcon icon={item.icon} />
                <span>{item.name}</span>
              </button>
            );
          })}
        </div>
        <article className="hz-scene-detail" aria-label={`应用场景：${scene.name}`}>
          <span className="hz-scene-detail__index">{String(activeIndex + 1).padStart(2, "0")}</span>
          <h3>{scene.name}</h3>
          <p>{scene.description}</p>
          <ul>
            {scene.practices.map((practice) => (
              <li key={practice}>
                <LightIcon icon={CheckCircleFilled} />
                {practice}
              </li>
            ))}
          </ul>
        </article>
      </div>
    </HomeSection>
  );
}
