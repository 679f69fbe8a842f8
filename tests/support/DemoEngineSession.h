#pragma once

// The demo store on the engine of the row running (EngineStore.h), for widget and window tests
// that work on the demo's memories, conflicts and history. createDemoStore makes a new file
// only (the window's and the command line's first run); on the server the same set is
// imported into the team store the same way, its instants moved to now.
#include "EngineStore.h"

#include "StoreSession.h"
#include "config/Config.h"
#include "io/DemoStore.h"
#include "io/ImportOperation.h"
#include "io/MemorySetJson.h"
#include "support/MessageBox.h"

#include <QFile>

#include <memory>

namespace recollector::test {

inline QString demoMemorySetPath() { return QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"); }

/// The demo memory set imported into `store` as createDemoStore imports it into a new file.
inline core::Status importDemo(core::Store &store)
{
    auto set = core::io::MemorySetJson::readFile(demoMemorySetPath());
    if (!set)
        return set.error();
    const core::Millis at = core::time::nowMs();
    if (set->exportedAt != 0)
        core::io::shiftInstants(*set, at - set->exportedAt);
    const core::io::ImportOperation operation(store, core::Config::defaults(), at);
    auto plan = operation.preview(*set);
    if (!plan)
        return plan.error();
    auto outcome = operation.apply(*set, *plan, core::io::ImportPolicy::all(core::io::ImportAction::Skip));
    if (!outcome)
        return outcome.error();
    return {};
}

/// Makes `store` the demo store: on SQLite its file is made again by createDemoStore, on the
/// server the demo set is imported into it. The test's own connection is closed after.
inline void makeDemo(EngineStore &store)
{
    if (EngineFixture::onServer()) {
        if (const core::Status made = importDemo(*store); !made)
            qFatal("cannot import the demo into the team store: %s", qPrintable(made.error().message));
        store.close();
        return;
    }
    store.close();
    for (const QString &suffix : { QString(), QStringLiteral("-wal"), QStringLiteral("-shm") })
        QFile::remove(store.path() + suffix);
    if (const core::Status made = core::io::createDemoStore(store.path(), demoMemorySetPath()); !made)
        qFatal("cannot make the demo store: %s", qPrintable(made.error().message));
}

/// The demo store in `store` (makeDemo), open in a StoreSession. Prompts are answered OK and
/// their texts collected in `warnings`.
inline std::unique_ptr<ui::StoreSession> openDemoSession(EngineStore &store, QStringList &warnings)
{
    warnings.clear();
    ui::MessageBox::setHandler([&warnings](QMessageBox::Icon, const QString &, const QString &text,
                                           QMessageBox::StandardButtons) {
        warnings << text;
        return QMessageBox::Ok;
    });
    makeDemo(store);
    auto session = std::make_unique<ui::StoreSession>();
    if (const core::Status opened = session->open(store.path()); !opened)
        qFatal("cannot open the demo store: %s", qPrintable(opened.error().message));
    return session;
}

} // namespace recollector::test
