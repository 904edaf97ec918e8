// The precompiled header of every core and CLI suite: QtTest, Qt's JSON and file classes, JSON for
// Modern C++ and the standard library. Third-party headers only, so that editing Veil does not
// rebuild it. One copy is built (tests/CMakeLists.txt) and every suite reuses it.
#pragma once

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>
