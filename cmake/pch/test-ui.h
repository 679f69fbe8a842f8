// Precompiled once for every ui and gui test (cmake/Precompiled.cmake).
#include "ui.h"

#include <QApplication>
#include <QProcess>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>
