/** Fonts an email may use: web-safe stacks that render the same in every major client. */
export interface Font {
  name: string;
  stack: string;
}

export const FONTS: readonly Font[] = [
  { name: 'Arial', stack: 'Arial, Helvetica, sans-serif' },
  { name: 'Helvetica', stack: 'Helvetica, Arial, sans-serif' },
  { name: 'Verdana', stack: 'Verdana, Geneva, sans-serif' },
  { name: 'Tahoma', stack: 'Tahoma, Verdana, sans-serif' },
  { name: 'Trebuchet MS', stack: "'Trebuchet MS', Helvetica, sans-serif" },
  { name: 'Georgia', stack: 'Georgia, serif' },
  { name: 'Times New Roman', stack: "'Times New Roman', Times, serif" },
  { name: 'Courier New', stack: "'Courier New', Courier, monospace" },
  { name: 'PingFang SC', stack: "'PingFang SC', 'Microsoft YaHei', 'Noto Sans SC', sans-serif" },
  { name: 'Microsoft YaHei', stack: "'Microsoft YaHei', 'PingFang SC', sans-serif" },
];
