// Precompiled once for every core and packaging test (cmake/Precompiled.cmake).
#include "core.h"

#include <QCoreApplication>
#include <QProcess>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>
