// Precompiled for every core library (cmake/Precompiled.cmake): the Qt Core and standard headers
// most of core's files include. Only Qt Core: a core library never sees Qt Gui or Qt Sql's
// headers through this file (store includes Qt Sql itself).
#include <QByteArray>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>
