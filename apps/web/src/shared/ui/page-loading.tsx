import { Spin } from 'antd';

/** Shown while a page's code or the session is loading. */
export function PageLoading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 64 }} data-testid="page-loading">
      <Spin size="large" />
    </div>
  );
}
