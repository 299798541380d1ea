/**
 * “帮我写”按钮与弹层（群发向导、流程编辑器）。不在首次加载中：随按钮所在页面一起加载
 * （features/ai-writer/load-ai-writer-strings.ts）。
 */
export const aiWriter = {
  button: '帮我写',
  title: '帮我写文案',
  briefLabel: '补充说明（可选）',
  briefPlaceholder: '例如：中秋礼盒上新，语气温暖',
  write: '生成',
  writeAgain: '换一版',
  writing: '正在生成…',
  hint: '根据店铺信息生成标题、预览文本和正文，生成后仍可修改。',
  writtenByAi: '已由 AI 生成，可继续修改。',
  writtenBuiltIn: '已由内置写作助手生成，可继续修改。',
};
