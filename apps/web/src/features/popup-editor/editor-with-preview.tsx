import { Col, Row } from 'antd';
import type { ReactNode } from 'react';

/** An editor on the left, its live preview on the right (below it on narrow screens). */
export function EditorWithPreview({ editor, preview }: { editor: ReactNode; preview: ReactNode }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={13}>{editor}</Col>
      <Col xs={24} lg={11}>
        <div style={{ position: 'sticky', top: 16 }}>{preview}</div>
      </Col>
    </Row>
  );
}
