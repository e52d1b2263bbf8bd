import Foundation

extension ErrorWording {
  /// The system's words for an `errno`: in English as the system gives them (`No space left on
  /// device`); in Chinese the ones a user meets (a mistyped file name, a full disk, a file
  /// without permission) in Chinese, any rarer one as the system gives it.
  static func systemWords(_ code: Int32, in language: Language) -> String {
    if language == .simplifiedChinese, let chinese = chineseSystemWords[code] { return chinese }
    return String(cString: strerror(code))
  }

  /// The common `errno` values in Chinese.
  private static let chineseSystemWords: [Int32: String] = [
    ENOENT: "没有这个文件或目录",
    EACCES: "权限不够",
    EPERM: "不允许这样操作",
    EISDIR: "这是一个目录",
    ENOTDIR: "路径中有一部分不是目录",
    ENOSPC: "磁盘空间不足",
    EDQUOT: "超出了磁盘配额",
    EROFS: "文件系统是只读的",
    EEXIST: "文件已存在",
    ENAMETOOLONG: "文件名太长",
    ELOOP: "符号链接的层数太多",
    EMFILE: "打开的文件太多",
    ENFILE: "系统中打开的文件太多",
    EIO: "输入/输出错误",
    EFBIG: "文件太大",
    EPIPE: "管道已断开",
    EBADF: "文件描述符无效",
    ENXIO: "没有这个设备或地址",
    ETXTBSY: "文件正被使用",
    EBUSY: "设备或资源正忙",
  ]
}
