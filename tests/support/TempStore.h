#pragma once

// A fresh store in its own temporary folder, for one test. Header-only so every test
// executable can include it without another library.
#include "store/Store.h"

#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace recollector::test {

class TempStore
{
public:
    TempStore()
    {
        QVERIFY2(m_dir.isValid(), "temporary folder");
        m_path = m_dir.filePath(QStringLiteral("test.recollector"));
        auto s = core::Store::open(m_path);
        if (!s)
            qFatal("cannot open temp store: %s", qPrintable(s.error().message));
        m_store = std::move(*s);
    }
    core::Store &operator*() { return *m_store; }
    core::Store *operator->() { return m_store.get(); }
    core::Store &store() { return *m_store; }
    const QString &path() const { return m_path; }
    QString dir() const { return m_dir.path(); }
    /// Closes the connection (e.g. before another process writes, or to reopen).
    void close() { m_store.reset(); }
    void reopen()
    {
        m_store.reset();
        auto s = core::Store::open(m_path);
        if (!s)
            qFatal("cannot reopen temp store: %s", qPrintable(s.error().message));
        m_store = std::move(*s);
    }

private:
    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<core::Store> m_store;
};

/// A plausible memory with every field set, for round-trip tests.
inline core::Memory sampleMemory(const QString &id, core::Millis at = 1704103200000 /* 2024-01-01T10:00Z */)
{
    core::Memory m;
    m.id = id;
    m.content = QStringLiteral("Prefers vitest over jest for TypeScript projects");
    m.category = QStringLiteral("preference");
    m.keywords = {QStringLiteral("typescript"), QStringLiteral("testing"), QStringLiteral("vitest")};
    m.source = {QStringLiteral("task"), QStringLiteral("task-42"), {}, {}};
    m.confidence = 0.8;
    m.createdAt = at;
    m.updatedAt = at;
    m.lastReinforcedAt = at;
    m.stability = 24;
    return m;
}

} // namespace recollector::test
