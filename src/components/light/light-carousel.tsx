import { Children, useCallback, useEffect, useState, type KeyboardEvent, type ReactNode } from "react";
import { classNames } from "./class-names";
import "./light.css";
import "./light-carousel.css";

/**
 * Slides one after another, in antd's Carousel look (the bar-shaped dots at the bottom), without
 * react-slick: it moves on every `autoplayMs`, holds still while pointed at or focused inside, and
 * the dots (or the arrow keys on them) pick a slide. Slides out of view are hidden from screen
 * readers and the Tab key. After the last slide a copy of the first slides in, then the track
 * jumps back to the real first without animation, so the loop runs forward with no seam. Under
 * `prefers-reduced-motion` the slides change without sliding.
 */
export function LightCarousel({
  autoplayMs,
  dotsClassName,
  slideLabel = (index, count) => `第 ${index + 1} 张，共 ${count} 张`,
  children,
}: {
  autoplayMs: number;
  dotsClassName?: string;
  /** The accessible name of a slide's dot. */
  slideLabel?: (index: number, count: number) => string;
  children: ReactNode;
}) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const { position, isAnimated, hasSeamCopy, show, next, onSlid } = useCarouselPosition(count);
  const [isHeld, setHeld] = useState(false);
  const active = position % count;

  useEffect(() => {
    if (count < 2 || isHeld) return;
    const timer = setInterval(next, autoplayMs);
    return () => clearInterval(timer);
  }, [count, isHeld, autoplayMs, next]);

  const onDotKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const target = (active + step + count) % count;
    show(target);
    event.currentTarget.querySelectorAll("button")[target]?.focus();
  };

  return (
    <div
      className="hz-l-carousel"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setHeld(false)}
    >
      <div className="hz-l-carousel__viewport">
        <div
          className="hz-l-carousel__track"
          onTransitionEnd={(event) => event.target === event.currentTarget && onSlid()}
          style={{ transform: `translateX(-${position * 100}%)`, transition: isAnimated ? undefined : "none" }}
        >
          {slides.map((slide, index) => (
            <div key={index} className="hz-l-carousel__slide" aria-hidden={index !== position || undefined} inert={index !== position}>
              {slide}
            </div>
          ))}
          {hasSeamCopy && (
            <div className="hz-l-carousel__slide hz-l-carousel__slide--clone" aria-hidden inert>
              {slides[0]}
            </div>
          )}
        </div>
      </div>
      {count > 1 && (
        <ul className={classNames("hz-l-carousel__dots", dotsClassName)} onKeyDown={onDotKey}>
          {slides.map((_, index) => (
            <li key={index} className={classNames(index === active && "hz-l-carousel__dot--active")}>
              <button type="button" aria-label={slideLabel(index, count)} aria-current={index === active || undefined} tabIndex={index === active ? 0 : -1} onClick={() => show(index)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Which slide is in view; `count` is the copy of the first slide, left for the real one once it has
 * slid in. Without animation (reduced motion) there is no slide-in to wait for, so no copy either.
 */
function useCarouselPosition(count: number) {
  const [isMotionReduced] = useState(() => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false);
  const [position, setPosition] = useState(0);
  const [isAnimated, setAnimated] = useState(!isMotionReduced);
  const show = (index: number) => {
    setAnimated(!isMotionReduced);
    setPosition(index);
  };
  // A missed transitionend (a hidden tab) must not leave the track past its end.
  const next = useCallback(() => {
    setAnimated(!isMotionReduced);
    setPosition((current) => (isMotionReduced ? (current + 1) % count : current >= count ? 1 : current + 1));
  }, [count, isMotionReduced]);
  const onSlid = () => {
    if (position < count) return;
    setAnimated(false);
    setPosition(0);
  };
  return { position, isAnimated, hasSeamCopy: count > 1 && !isMotionReduced, show, next, onSlid };
}
