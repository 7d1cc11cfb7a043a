import { Card, Col, Row, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import { ACTIVITY_BANNER_AUTOPLAY_MS } from "../../../schema/constants";
import type { ComparisonSlide } from "./activity-content";

/**
 * The comparison carousel of the lawyers' promotion (spec §2, §9): one slide at a time, advancing
 * every 3 s and looping. Each slide gets its full 3 s, also after a dot was clicked; hovering or
 * focusing the carousel pauses it so it can be read (WCAG 2.2.2).
 */
export function ComparisonCarousel({ slides }: { slides: readonly ComparisonSlide[] }) {
  const [active, setActive] = useState(0);
  const [isPaused, setPaused] = useState(false);

  useEffect(() => {
    if (isPaused || slides.length < 2) return;
    const timer = setTimeout(() => setActive((index) => (index + 1) % slides.length), ACTIVITY_BANNER_AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [active, isPaused, slides.length]);

  const slide = slides[active];
  return (
    <section
      aria-roledescription="carousel"
      aria-label="在线取证与传统方式对比"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div role="group" aria-roledescription="slide" aria-label={`第 ${active + 1} 张，共 ${slides.length} 张：${slide.title}`}>
        <Typography.Title level={3} style={{ textAlign: "center" }}>
          {slide.title}
        </Typography.Title>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Card size="small" title="传统公证处取证" style={{ height: "100%", background: "#fafafa" }}>
              {slide.traditional}
            </Card>
          </Col>
          <Col xs={24} md={12}>
            <Card size="small" title="在线取证 + 在线公证" style={{ height: "100%", borderColor: "#1677ff" }}>
              {slide.online}
            </Card>
          </Col>
        </Row>
      </div>
      <Space style={{ display: "flex", justifyContent: "center", marginTop: 16 }}>
        {slides.map((item, index) => (
          <button
            key={item.title}
            type="button"
            aria-label={`显示第 ${index + 1} 张：${item.title}`}
            aria-current={index === active}
            onClick={() => setActive(index)}
            style={{
              width: index === active ? 28 : 10,
              height: 10,
              borderRadius: 5,
              border: "none",
              padding: 0,
              cursor: "pointer",
              background: index === active ? "#1677ff" : "#d9d9d9",
              transition: "width 0.2s",
            }}
          />
        ))}
      </Space>
    </section>
  );
}
