#include "attach/FileSwap.h"

#include "engine/decisions/CrashPoint.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace recollector::core::attach {

namespace {

constexpr int kTagChars = 12;
constexpr int kMaxRounds = 16;

QByteArray native(const QString &path) { return QFile::encodeName(path); }

/// What a path holds now. A link, a folder or anything else that is not a readable regular
/// file is "there" but holds no bytes that can equal a file's.
struct Now
{
    bool exists = false;
    bool regular = false;
    QByteArray bytes;
};

Now readNow(const QString &path)
{
    const QFileInfo info(path);
    Now now;
    if (!info.exists() && !info.isSymLink())
        return now;
    now.exists = true;
    if (info.isSymLink() || !info.isFile())
        return now;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return now;
    now.bytes = f.readAll();
    now.regular = f.error() == QFileDevice::NoError;
    return now;
}

bool holds(const Now &now, const QByteArray &bytes) { return now.regular && now.bytes == bytes; }

int exchange(const QString &a, const QString &b)
{
    return ::renameat2(AT_FDCWD, native(a).constData(), AT_FDCWD, native(b).constData(), RENAME_EXCHANGE);
}

bool cannotExchangeHere(int err) { return err == EINVAL || err == ENOSYS || err == ENOTSUP || err == EOPNOTSUPP; }

Error ioError(const QString &path, const QString &what, int err)
{
    return Error::make(Error::Code::Io, QStringLiteral("%1: %2: %3").arg(path, what, QString::fromLocal8Bit(std::strerror(err))));
}

Status writeAll(int fd, const QByteArray &bytes)
{
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.constData() + done, std::size_t(bytes.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return Error::make(Error::Code::Io, QString::fromLocal8Bit(std::strerror(n < 0 ? errno : ENOSPC)));
        done += n;
    }
    if (::fsync(fd) != 0)
        return Error::make(Error::Code::Io, QString::fromLocal8Bit(std::strerror(errno)));
    return {};
}

// An exchange of `temp` and `target` meant to take `expected` out of the target and leave
// `placed` there. When something else came out (the assistant renamed a new version over the
// target meanwhile), that version goes back, and so does any it wrote while this one was put
// back. True when the exchange stands; false when the assistant's version is back at the
// target (and `placed` in `temp`).
Result<bool> standsOrPutBack(const QString &temp, const QString &target, const QByteArray &expected, QByteArray placed)
{
    Now displaced = readNow(temp);
    if (holds(displaced, expected))
        return true;
    for (int round = 0; round < kMaxRounds; ++round) {
        const Now keep = displaced;
        if (exchange(temp, target) != 0)
            return ioError(target, QStringLiteral("cannot put the assistant's version back"), errno);
        displaced = readNow(temp);
        if (holds(displaced, placed))
            return false;
        placed = keep.bytes;
    }
    return Error::make(Error::Code::Io, QStringLiteral("%1: the assistant rewrote it again and again while Recollector put "
                                                       "its version back; its last version is in %2")
                                            .arg(target, temp));
}

// `target` removed when it holds `bytes`: moved aside first (one rename), so that a version the
// assistant renamed over it in between is found there and put back instead of removed.
void removeIfHolds(const QString &target, const QByteArray &bytes)
{
    if (!holds(readNow(target), bytes))
        return;
    const QString aside = target + QStringLiteral(".recollector-undo");
    if (::rename(native(target).constData(), native(aside).constData()) != 0)
        return;
    if (holds(readNow(aside), bytes)
        || ::renameat2(AT_FDCWD, native(aside).constData(), AT_FDCWD, native(target).constData(), RENAME_NOREPLACE) != 0)
        QFile::remove(aside); // ours; or the assistant made a newer one meanwhile, which stays
}

} // namespace

FileSwap::FileSwap(FileSwap &&other) noexcept
    : m_target(std::move(other.m_target)), m_temp(std::move(other.m_temp)), m_bytes(std::move(other.m_bytes)),
      m_old(std::move(other.m_old)), m_state(std::exchange(other.m_state, State::None)), m_existed(other.m_existed)
{
}

FileSwap &FileSwap::operator=(FileSwap &&other) noexcept
{
    if (this != &other) {
        undo();
        m_target = std::move(other.m_target);
        m_temp = std::move(other.m_temp);
        m_bytes = std::move(other.m_bytes);
        m_old = std::move(other.m_old);
        m_state = std::exchange(other.m_state, State::None);
        m_existed = other.m_existed;
    }
    return *this;
}

FileSwap::~FileSwap() { undo(); }

QByteArray FileSwap::hashOf(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

std::optional<std::pair<QString, QString>> FileSwap::leftover(const QString &fileName)
{
    static const QRegularExpression name(QStringLiteral("^\\.(.+)\\.recollector-([0-9a-f]{%1})$").arg(kTagChars));
    const auto m = name.match(fileName);
    if (!m.hasMatch())
        return std::nullopt;
    return std::pair{m.captured(1), m.captured(2)};
}

Result<FileSwap> FileSwap::stage(const QString &target, const QByteArray &bytes)
{
    FileSwap s;
    s.m_target = target;
    s.m_bytes = bytes;
    const QFileInfo info(target);
    s.m_temp = info.dir().filePath(QStringLiteral(".%1.recollector-%2")
                                       .arg(info.fileName(), QString::fromLatin1(hashOf(bytes).left(kTagChars))));
    if (CrashPoint::fails("writeback.stage"))
        return ioError(target, QStringLiteral("cannot write"), ENOSPC);
    QFile::remove(s.m_temp); // an earlier run's leftover of the same bytes (the folder lock is held)
    const int fd = ::open(native(s.m_temp).constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0)
        return ioError(target, QStringLiteral("cannot write"), errno);
    struct stat st {};
    if (::stat(native(target).constData(), &st) == 0)
        (void)::fchmod(fd, st.st_mode & 07777); // the assistant's file keeps its permissions
    const Status written = writeAll(fd, bytes);
    ::close(fd);
    if (!written) {
        QFile::remove(s.m_temp);
        return Error::make(Error::Code::Io, QStringLiteral("%1: cannot write: %2").arg(target, written.error().message));
    }
    s.m_state = State::Staged;
    return s;
}

Result<bool> FileSwap::swapIf(const std::optional<QByteArray> &expected)
{
    if (m_state != State::Staged)
        return Error::make(Error::Code::Io, QStringLiteral("%1: nothing staged to write").arg(m_target));
    const Now now = readNow(m_target);
    if (expected ? !holds(now, *expected) : now.exists) {
        undo();
        return false;
    }
    m_existed = bool(expected);
    if (!expected) {
        // A new file: a hard link, which cannot replace a file the assistant created since;
        // the staged name stays until finish(), the mark that the write may not have committed.
        if (::link(native(m_temp).constData(), native(m_target).constData()) == 0) {
            m_state = State::Linked;
            return true;
        }
        if (errno == EEXIST) {
            undo();
            return false;
        }
        if (::renameat2(AT_FDCWD, native(m_temp).constData(), AT_FDCWD, native(m_target).constData(), RENAME_NOREPLACE) == 0) {
            m_state = State::Renamed;
            return true;
        }
        if (errno == EEXIST) {
            undo();
            return false;
        }
        return ioError(m_target, QStringLiteral("cannot create it"), errno);
    }
    m_old = *expected;
    if (exchange(m_temp, m_target) != 0) {
        if (!cannotExchangeHere(errno))
            return ioError(m_target, QStringLiteral("cannot replace it"), errno);
        // This file system cannot exchange: a rename right after the compare.
        if (::rename(native(m_temp).constData(), native(m_target).constData()) != 0)
            return ioError(m_target, QStringLiteral("cannot replace it"), errno);
        m_state = State::Renamed;
        return true;
    }
    m_state = State::Exchanged;
    // The assistant may have renamed a new version over the file between the compare and the
    // exchange: then that version goes back.
    auto stands = standsOrPutBack(m_temp, m_target, m_old, m_bytes);
    if (!stands)
        return stands.error();
    if (!*stands) {
        QFile::remove(m_temp);
        m_state = State::None;
    }
    return *stands;
}

void FileSwap::finish()
{
    if (m_state == State::Staged || m_state == State::Exchanged || m_state == State::Linked)
        QFile::remove(m_temp);
    m_state = State::None;
}

void FileSwap::undo()
{
    const State state = std::exchange(m_state, State::None);
    if (state == State::None)
        return;
    switch (state) {
    case State::Exchanged:
        if (holds(readNow(m_target), m_bytes) && exchange(m_temp, m_target) == 0)
            (void)standsOrPutBack(m_temp, m_target, m_bytes, m_old);
        break;
    case State::Linked:
        removeIfHolds(m_target, m_bytes);
        break;
    case State::Renamed:
        if (!m_existed) {
            removeIfHolds(m_target, m_bytes);
        } else if (holds(readNow(m_target), m_bytes)) {
            if (auto back = stage(m_target, m_old)) {
                if (const auto swapped = back->swapIf(m_bytes); swapped && *swapped)
                    back->finish();
            }
        }
        break;
    case State::Staged:
    case State::None:
        break;
    }
    QFile::remove(m_temp);
}

void FileSwap::recover(const QString &temp, const QString &target, const QByteArray &recorded)
{
    const auto parts = leftover(QFileInfo(temp).fileName());
    if (!parts || !QFileInfo::exists(temp)) // another of Recollector's writers settled it meanwhile
        return;
    const QByteArray tag = parts->second.toLatin1();
    const Now file = readNow(target);
    if (file.regular && hashOf(file.bytes).startsWith(tag)) { // the file holds what the write put there
        const Now staged = readNow(temp);
        const bool created = staged.regular && hashOf(staged.bytes).startsWith(tag); // a hard link
        if (created && !recorded.startsWith(tag)) {
            removeIfHolds(target, file.bytes); // a new file whose decision never committed
        } else if (!created && !recorded.isEmpty() && !recorded.startsWith(tag) && exchange(temp, target) == 0) {
            // Not committed: the file gets back the version it held (an assistant's newer one stays).
            (void)standsOrPutBack(temp, target, file.bytes, staged.bytes);
        }
        // A file the store keeps no record of (an index) keeps what it holds.
    }
    QFile::remove(temp);
}

} // namespace recollector::core::attach
