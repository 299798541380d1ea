/** Importing and exporting subscribers. */
export const transferErrors = {
  import: {
    fileType: '仅支持导入 xls、xlsx、ods 或 csv 文件。',
    fileSize: '文件须小于 15 MB。',
    empty: '文件中没有可导入的行。',
    unreadable: '无法读取该文件，请另存为 xlsx 或 csv 后重试。',
    uploadGone: '上传的文件已过期，请重新上传。',
    noContactColumn: '请将某一列对应到邮箱或手机号。',
    badEmail: '邮箱地址无效',
    badPhone: '手机号无效',
    noContact: '没有邮箱地址或手机号',
    duplicate: '与前面某行的邮箱重复',
    badDate: '日期无效',
    badStatus: '状态无法识别',
    duplicatePhone: '与前面某行的手机号重复',
    badTag: '标签名超过 16 个字符',
    busy: '已有导入正在进行，请等待其完成。',
    tooLarge: '表格过大，无法导入：最多 500,000 行、2,000,000 个单元格，解压后不超过 100 MB。请另存为 CSV（不限行数）或拆分后再导入。',
    tooManyColumns: '文件超过 200 列。请删除不需要的列后重新上传。',
    cellTooLong: '有单元格超过 32,767 个字符，超出表格单元格的上限。请检查文件后重新上传。',
    unclosedQuote: '有带引号的字段没有结束：文件中缺少一个引号（"）。请修改后重新上传。',
  },
  export: {
    range: '导出时间不能超过 31 天。',
  },
};

export const transferNotices = {
  import: {
    reportRow: '行号',
    reportReason: '原因',
  },
};
