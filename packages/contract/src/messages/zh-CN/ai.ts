/** Copy writing ("write it for me"). SPEC section 8 wording where SPEC lists it. */
export const aiErrors = {
  ai: {
    unavailable: 'ChatGPT 服务暂时不可用，请稍后再试。',
    tooMany: '生成次数过多，请稍后再试。',
    briefTooLong: '补充说明过长，限 200 个字符。',
  },
};
