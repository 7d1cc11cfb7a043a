import { useEffect, useState } from "react";
import { SCENE_WHEEL } from "../../schema/constants";
import { sceneIndexAt, sceneWheelAngle, stepTowards } from "./scene-wheel-geometry";

/**
 * The wheel's highlight: one segment further every 1750 ms (spec §9), held while the visitor
 * points at the wheel, and turned forward to a segment the visitor picks.
 */
export function useSceneRotation() {
  const [step, setStep] = useState(0);
  const [isPaused, setIsPaused] = useState(false);

  useEffect(() => {
    if (isPaused) return;
    const timer = setInterval(() => setStep((current) => current + 1), SCENE_WHEEL.stepMs);
    return () => clearInterval(timer);
  }, [isPaused]);

  return {
    activeIndex: sceneIndexAt(step),
    angle: sceneWheelAngle(step),
    select: (index: number) => setStep((current) => stepTowards(current, index)),
    pause: () => setIsPaused(true),
    resume: () => setIsPaused(false),
  };
}
