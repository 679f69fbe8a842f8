#pragma once

// The demo store in a temporary folder, open in a StoreSession, for widget tests. Header-only
// (like TempStore.h) so each test executable can include it. Prompts are answered OK and
// their texts collected in `warnings`.
#include "StoreSession.h"
#include "io/DemoStore.h"
#include "support/MessageBox.h"

#include <QTemporaryDir>

#include <memory>

namespace recollector::test {

inline std::unique_ptr<ui::StoreSession> openDemoSession(const QTemporaryDir &dir, QStringList &warnings)
{
    warnings.clear();
    ui::MessageBox::setHandler([&warnings](QMessageBox::Icon, const QString &, const QString &text,
                                           QMessageBox::StandardButtons) {
        warnings << text;
        return QMessageBox::Ok;
    });
    const QString path = dir.filePath(QStringLiteral("demo.recollector"));
    const core::Status made =
        core::io::createDemoStore(path, QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
    if (!made)
        qFatal("cannot make the demo store: %s", qPrintable(made.error().message));
    auto session = std::make_unique<ui::StoreSession>();
    if (const core::Status opened = session->open(path); !opened)
        qFatal("cannot open the demo store: %s", qPrintable(opened.error().message));
    return session;
}

} // namespace recollector::test
